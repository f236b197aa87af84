import { Heart } from 'lucide-react';

interface FavouriteButtonProps {
  movieTitle: string;
  isFavourite: boolean;
  isBusy?: boolean;
  onToggle: () => void;
}

/** The heart on the movie card: a toggle button, so its state is announced as pressed or not. */
export function FavouriteButton({ movieTitle, isFavourite, isBusy = false, onToggle }: FavouriteButtonProps) {
  return (
    <button
      type="button"
      aria-pressed={isFavourite}
      aria-label={`Favourite ${movieTitle}`}
      title={isFavourite ? 'Remove from favourites' : 'Add to favourites'}
      disabled={isBusy}
      onClick={onToggle}
      className="inline-flex size-11 shrink-0 items-center justify-center rounded-full border border-zinc-300 bg-white text-zinc-600 transition-colors hover:border-brand-600 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60 aria-pressed:border-brand-600 aria-pressed:bg-brand-50 aria-pressed:text-brand-700 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-300 dark:hover:text-brand-300 dark:aria-pressed:border-brand-400 dark:aria-pressed:bg-brand-900/40 dark:aria-pressed:text-brand-300"
    >
      <Heart aria-hidden className={`size-5 ${isFavourite ? 'fill-current' : ''}`} />
    </button>
  );
}
