import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { lazy, Suspense, useCallback, useEffect, useId, useState } from 'react';
import type { HeroMovie } from '../hero-movies.ts';
import { CarouselControls } from './carousel-controls.tsx';
import { HeroSlide, heroMinHeight } from './hero-slide.tsx';
import { useCarouselRotation } from './use-carousel-rotation.ts';

// Only wanted once someone asks for a trailer, so it stays out of the home page's first download.
const TrailerModal = lazy(() => import('./trailer-modal.tsx').then((m) => ({ default: m.TrailerModal })));

// The spec: a new slide every 5 seconds.
export const heroAutoplayDelay = 5000;

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

interface Trailer {
  title: string;
  embedUrl: string;
}

/** The home page's hero: featured movies, looping, autoplaying, with arrows, dots and trailers. */
export function HeroCarousel({ movies }: { movies: readonly HeroMovie[] }) {
  // Created once: Embla re-initialises whenever it is handed a new plugin list.
  const [jump] = useState(prefersReducedMotion);
  const [plugins] = useState(() => [
    Autoplay({
      delay: heroAutoplayDelay,
      jump,
      stopOnInteraction: false,
      // Pausing on keyboard focus is done in useCarouselRotation, which also honours Pause.
      stopOnFocusIn: false,
      stopOnMouseEnter: false,
    }),
  ]);
  const [viewportRef, embla] = useEmblaCarousel({ loop: true }, plugins);
  const [selected, setSelected] = useState(0);
  const [trailer, setTrailer] = useState<Trailer | null>(null);
  const rotation = useCarouselRotation(embla, trailer !== null);
  const slidesId = useId();

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    embla.on('select', onSelect).on('reInit', onSelect);
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect);
    };
  }, [embla]);

  // After a manual move the next automatic one waits a full delay again.
  const navigate = useCallback(
    (move: (api: NonNullable<typeof embla>) => void) => {
      if (!embla) return;
      move(embla);
      embla.plugins().autoplay?.reset();
    },
    [embla],
  );

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured movies"
      className="-mx-4 sm:mx-0"
      {...rotation.regionProps}
    >
      <div ref={viewportRef} className="overflow-hidden sm:rounded-2xl">
        <div id={slidesId} className="flex touch-pan-y" aria-live={rotation.isRotating ? 'off' : 'polite'}>
          {movies.map((movie, index) => (
            <div
              key={movie._id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${movies.length}`}
              // Slides out of view are kept out of the tab order and away from screen readers.
              inert={index !== selected}
              className="min-w-0 flex-[0_0_100%]"
            >
              <HeroSlide
                movie={movie}
                isFirst={index === 0}
                onWatchTrailer={(embedUrl) => setTrailer({ title: movie.title, embedUrl })}
              />
            </div>
          ))}
        </div>
      </div>
      {movies.length > 1 && (
        <div className="px-4 sm:px-0">
          <CarouselControls
            count={movies.length}
            selected={selected}
            slidesId={slidesId}
            isPaused={rotation.isUserPaused}
            onTogglePause={rotation.toggleUserPause}
            onPrevious={() => navigate((api) => api.scrollPrev(jump))}
            onNext={() => navigate((api) => api.scrollNext(jump))}
            onSelect={(index) => navigate((api) => api.scrollTo(index, jump))}
          />
        </div>
      )}
      {trailer && (
        <Suspense fallback={null}>
          <TrailerModal title={trailer.title} embedUrl={trailer.embedUrl} onClose={() => setTrailer(null)} />
        </Suspense>
      )}
    </section>
  );
}

/** Holds the hero's place while the featured movies load, so the page does not jump. */
export function HeroSkeleton() {
  return (
    <div aria-hidden className="-mx-4 sm:mx-0">
      <div className={`animate-pulse bg-zinc-200 sm:rounded-2xl dark:bg-zinc-800 ${heroMinHeight}`} />
      <div className="mt-4 h-10" />
    </div>
  );
}
