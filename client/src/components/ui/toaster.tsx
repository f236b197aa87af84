import { lazy, Suspense, useState } from 'react';
import type { Theme } from '../../lib/theme.ts';

// The notification library is not needed to draw the home page, so it loads only once the visitor
// is somewhere toasts can come from. Toasts raised before it arrives wait in the library's own
// queue and appear once the container mounts.
const ToastContainer = lazy(() => import('./toast-container.tsx'));

/**
 * The one notification area: top right, gone after 5 seconds (spec §9). Not mounted until
 * `isNeeded` first turns true; from then on it stays.
 */
export function Toaster({ theme, isNeeded }: { theme: Theme; isNeeded: boolean }) {
  const [wasNeeded, setWasNeeded] = useState(isNeeded);
  if (isNeeded && !wasNeeded) setWasNeeded(true);
  if (!isNeeded && !wasNeeded) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer theme={theme} />
    </Suspense>
  );
}
