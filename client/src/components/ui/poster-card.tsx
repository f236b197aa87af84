import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from './button.ts';
import { Poster } from './poster.tsx';

export interface PosterCardMovie {
  _id: string;
  title: string;
  poster: string;
  genre: string;
}

interface PosterCardProps {
  movie: PosterCardMovie;
  titleLevel?: 2 | 3;
  /** The text of the card's one link, to the movie's booking page. */
  actionLabel: string;
  /** Drawn over the poster: a rating badge, a remove button. */
  overlay?: ReactNode;
  /** The details between the genre and the link. */
  children?: ReactNode;
}

/** A movie's card: poster, title, genre, details and a link to book it (home, movies, favourites). */
export function PosterCard({ movie, titleLevel = 3, actionLabel, overlay, children }: PosterCardProps) {
  const titleId = useId();
  const Title = titleLevel === 2 ? 'h2' : 'h3';

  return (
    <article
      aria-labelledby={titleId}
      className="group flex h-full flex-col overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-sm transition-shadow hover:shadow-md dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="relative">
        <Poster
          src={movie.poster}
          alt={`${movie.title} poster`}
          title={movie.title}
          width={400}
          height={600}
          loading="lazy"
          decoding="async"
          className="aspect-[2/3] w-full bg-zinc-200 object-cover dark:bg-zinc-800"
        />
        {overlay}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
        <Title id={titleId} className="text-base leading-snug font-semibold sm:text-lg">
          {movie.title}
        </Title>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{movie.genre}</p>
        {children}
        {/* Every card's link reads the same; the description says which movie it is for. */}
        <Link
          to={`/booking/${encodeURIComponent(movie._id)}`}
          aria-describedby={titleId}
          className={buttonClassName('primary', 'mt-auto w-full')}
        >
          {actionLabel}
        </Link>
      </div>
    </article>
  );
}
