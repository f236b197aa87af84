import { lazy, Suspense } from 'react';
import type { Theme } from '../../lib/theme.ts';

// The notification library is not needed to draw a page, so it loads after the first render
// rather than weighing on the entry chunk. Toasts raised before it arrives wait in the library's
// own queue and appear once the container mounts.
const ToastContainer = lazy(() => import('./toast-container.tsx'));

/** The one notification area: top right, gone after 5 seconds (spec §9). */
export function Toaster({ theme }: { theme: Theme }) {
  return (
    <Suspense fallback={null}>
      <ToastContainer theme={theme} />
    </Suspense>
  );
}
