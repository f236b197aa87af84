import { ScreensPage } from '../../../features/admin/components/screens-page.tsx';
import { LayoutPreview } from '../../../features/seat-selection/components/layout-preview.tsx';

// The editor's preview is the booking page's own map, lent by the app layer (features never
// import each other's components).
export function AdminScreensRoute() {
  return <ScreensPage renderPreview={(layout) => <LayoutPreview layout={layout} />} />;
}
