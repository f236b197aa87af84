import { useCallback, useId, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * A header popup shown by a toggle button (the user menu, the mobile menu): a disclosure, which
 * every screen reader handles, rather than an ARIA menu with its own arrow-key model.
 * - It is open only for the navigation it was opened on: a link followed or Back pressed closes it.
 * - Escape closes it and puts focus back on the toggle; a press anywhere outside `containerRef`
 *   closes it.
 * Spread `toggleProps` on the toggle button and give the panel `id={panelId}`.
 */
export function useDisclosure() {
  const { key } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const isOpen = openOn === key;
  const close = useCallback(() => setOpenOn(null), []);
  const toggle = useCallback(() => setOpenOn((current) => (current === key ? null : key)), [key]);
  const panelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // A layout effect: Escape must work the moment the panel shows, and Preact runs plain effects
  // only after the next paint (decision 0008).
  useLayoutEffect(() => {
    if (!isOpen) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      close();
      toggleRef.current?.focus();
    }
    function onPointerDown(event: PointerEvent) {
      if (event.target instanceof Node && !containerRef.current?.contains(event.target)) close();
    }
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [isOpen, close]);

  return {
    isOpen,
    close,
    panelId,
    containerRef,
    toggleProps: {
      ref: toggleRef,
      type: 'button',
      onClick: toggle,
      'aria-expanded': isOpen,
      'aria-controls': panelId,
    } as const,
  };
}
