// The unstyled build, because the default one injects a <style> tag that the CSP blocks. Raise
// toasts with `toast` from 'react-toastify/unstyled' too: the two builds keep separate queues.
import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import type { Theme } from '../../lib/theme.ts';

// Top right as the spec has it, but below the 4rem header: a toast must never cover Sign In or
// the user menu for its five seconds.
const belowHeader = { top: 'calc(4rem + 0.5rem)' };

export default function LazyToastContainer({ theme }: { theme: Theme }) {
  return <ToastContainer position="top-right" autoClose={5000} theme={theme} style={belowHeader} />;
}
