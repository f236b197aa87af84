import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * Open/closed state for a header popup that closes by itself whenever the page changes (a link
 * followed, Back pressed): it is open only for the navigation it was opened on.
 */
export function useMenuState() {
  const { key } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const isOpen = openOn === key;
  const close = useCallback(() => setOpenOn(null), []);
  const toggle = useCallback(() => setOpenOn((current) => (current === key ? null : key)), [key]);
  return { isOpen, close, toggle };
}
