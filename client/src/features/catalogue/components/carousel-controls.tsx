import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';

const iconButton =
  'inline-flex size-10 items-center justify-center rounded-full border border-zinc-300 bg-white text-zinc-800 shadow-sm transition-colors hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800';

interface CarouselControlsProps {
  count: number;
  selected: number;
  /** The element holding the slides, for aria-controls. */
  slidesId: string;
  isPaused: boolean;
  onTogglePause: () => void;
  onPrevious: () => void;
  onNext: () => void;
  onSelect: (index: number) => void;
}

/** Pause/play (WCAG 2.2.2: moving content needs a way to stop it), dots, then previous and next. */
export function CarouselControls(props: CarouselControlsProps) {
  const { count, selected, slidesId, isPaused, onTogglePause, onPrevious, onNext, onSelect } = props;

  return (
    <div className="mt-4 flex items-center justify-between gap-3">
      <button
        type="button"
        onClick={onTogglePause}
        aria-label={isPaused ? 'Play slideshow' : 'Pause slideshow'}
        title={isPaused ? 'Play slideshow' : 'Pause slideshow'}
        className={iconButton}
      >
        {isPaused ? <Play aria-hidden className="size-4" /> : <Pause aria-hidden className="size-4" />}
      </button>
      <div className="flex flex-wrap justify-center">
        {Array.from({ length: count }, (_, index) => {
          const isActive = index === selected;
          return (
            <button
              key={index}
              type="button"
              onClick={() => onSelect(index)}
              aria-label={`Go to slide ${index + 1}`}
              aria-controls={slidesId}
              aria-current={isActive ? 'true' : undefined}
              // A 24 px target around a small dot (WCAG 2.5.8).
              className="group inline-flex size-6 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <span
                className={`block h-2 rounded-full transition-all ${
                  isActive
                    ? 'w-5 bg-brand-600 dark:bg-brand-400'
                    : 'w-2 bg-zinc-400 group-hover:bg-zinc-600 dark:bg-zinc-600 dark:group-hover:bg-zinc-400'
                }`}
              />
            </button>
          );
        })}
      </div>
      <div className="flex gap-2">
        <button
          type="button"
          onClick={onPrevious}
          aria-label="Previous slide"
          aria-controls={slidesId}
          className={iconButton}
        >
          <ChevronLeft aria-hidden className="size-5" />
        </button>
        <button
          type="button"
          onClick={onNext}
          aria-label="Next slide"
          aria-controls={slidesId}
          className={iconButton}
        >
          <ChevronRight aria-hidden className="size-5" />
        </button>
      </div>
    </div>
  );
}
