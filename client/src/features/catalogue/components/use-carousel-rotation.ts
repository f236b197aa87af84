import type { UseEmblaCarouselType } from 'embla-carousel-react';
import { useEffect, useState, type FocusEvent, type PointerEvent } from 'react';

type EmblaApi = UseEmblaCarouselType[1];

/**
 * When the hero rotates on its own. The spec says interaction does not stop autoplay, so clicks,
 * swipes and the arrows never turn it off; it only holds while someone is reading: a mouse resting
 * on it, keyboard focus inside it, a trailer open, or the visitor pressing Pause.
 */
export function useCarouselRotation(embla: EmblaApi, isHeld: boolean) {
  const [isUserPaused, setUserPaused] = useState(false);
  const [isHovered, setHovered] = useState(false);
  const [hasKeyboardFocus, setKeyboardFocus] = useState(false);
  const isRotating = !isUserPaused && !isHovered && !hasKeyboardFocus && !isHeld;

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

  // Only a mouse pauses by hovering: a tap on a touch screen never "leaves", so it would stick.
  const regionProps = {
    onPointerEnter: (event: PointerEvent) => event.pointerType === 'mouse' && setHovered(true),
    onPointerLeave: (event: PointerEvent) => event.pointerType === 'mouse' && setHovered(false),
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
