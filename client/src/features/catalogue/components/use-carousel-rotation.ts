import type { UseEmblaCarouselType } from 'embla-carousel-react';
import { useEffect, useState, type FocusEvent } from 'react';

type EmblaApi = UseEmblaCarouselType[1];

/**
 * When the hero rotates on its own. The spec says interaction does not stop autoplay, so clicks,
 * swipes, the arrows and a resting mouse never turn it off; it holds only for keyboard focus
 * inside it (someone tabbing through a slide's links), a trailer open, or the visitor pressing
 * Pause (WCAG 2.2.2: the way to stop moving content).
 */
export function useCarouselRotation(embla: EmblaApi, isHeld: boolean) {
  const [isUserPaused, setUserPaused] = useState(false);
  const [hasKeyboardFocus, setKeyboardFocus] = useState(false);
  const isRotating = !isUserPaused && !hasKeyboardFocus && !isHeld;

  useEffect(() => {
    const autoplay = embla?.plugins().autoplay;
    // With a single slide the plugin never initialises, and starting it would throw.
    if (!embla || !autoplay || embla.scrollSnapList().length < 2) return;
    if (isRotating) autoplay.play();
    else autoplay.stop();
    // The plugin restarts itself when a swipe ends; keep it still while it should be.
    const keepStill = () => {
      if (!isRotating) autoplay.stop();
    };
    embla.on('pointerUp', keepStill);
    return () => {
      embla.off('pointerUp', keepStill);
    };
  }, [embla, isRotating]);

  const regionProps = {
    // Keyboard focus (focus-visible) pauses; a mouse click on an arrow must not.
    onFocus: (event: FocusEvent) => {
      if (event.target instanceof HTMLElement && event.target.matches(':focus-visible'))
        setKeyboardFocus(true);
    },
    onBlur: (event: FocusEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget)) setKeyboardFocus(false);
    },
  };

  return {
    isRotating,
    isUserPaused,
    toggleUserPause: () => setUserPaused((paused) => !paused),
    regionProps,
  };
}
