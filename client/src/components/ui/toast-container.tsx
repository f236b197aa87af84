// The unstyled build, because the default one injects a <style> tag that the CSP blocks. Raise
// toasts with `toast` from 'react-toastify/unstyled' too: the two builds keep separate queues.
import { useSyncExternalStore } from 'react';
import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import type { Theme } from '../../lib/theme.ts';

// Top right as the spec has it, but below the 4rem header: a toast must never cover Sign In or
// the user menu for its five seconds.
const belowHeader = { top: 'calc(4rem + 0.5rem)' };

// On a phone "top right" is the whole width under the header, right over the seat map or Book
// Now as the page scrolls (issue 34): there toasts are compact, at the bottom edge, two at most.
const phoneQuery = '(max-width: 639px)';
const phoneStyle = { bottom: 'calc(env(safe-area-inset-bottom) + 0.5rem)' };

function subscribe(onChange: () => void) {
  const query = window.matchMedia(phoneQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
const isPhone = () => window.matchMedia(phoneQuery).matches;

export default function LazyToastContainer({ theme }: { theme: Theme }) {
  const phone = useSyncExternalStore(subscribe, isPhone, () => false);
  return (
    <ToastContainer
      position={phone ? 'bottom-center' : 'top-right'}
      autoClose={5000}
      theme={theme}
      style={phone ? phoneStyle : belowHeader}
      limit={phone ? 2 : undefined}
      className={phone ? 'marquee-toasts-compact' : undefined}
    />
  );
}
