import { Clock, Play, Star, Ticket } from 'lucide-react';
import { Link } from 'react-router';
import { formatCardRating } from '../card-details.ts';
import type { HeroMovie } from '../hero-movies.ts';
import { trailerEmbedUrl } from '../trailer-embed.ts';
import { Poster } from '../../../components/ui/poster.tsx';

// The hero is always dark, like a cinema, so its buttons are drawn for a dark background in both themes.
const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white';
const buttonBase = `inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-4 py-2.5 text-sm font-semibold sm:px-5 transition-colors ${focusRing}`;

// At least as tall as the tallest usual slide at each width, so the loading placeholder can take
// exactly the same room and nothing below moves when the movies arrive.
export const heroMinHeight = 'min-h-[30rem] sm:min-h-[29rem] md:min-h-[25rem] lg:min-h-[29rem]';

interface HeroSlideProps {
  movie: HeroMovie;
  /** The first slide's poster is the page's largest image: fetch it first and never lazily. */
  isFirst: boolean;
  onWatchTrailer: (embedUrl: string) => void;
}

export function HeroSlide({ movie, isFirst, onWatchTrailer }: HeroSlideProps) {
  const embedUrl = trailerEmbedUrl(movie.trailer_link);

  return (
    <div
      className={`relative isolate flex h-full items-center overflow-hidden bg-zinc-950 text-white ${heroMinHeight}`}
    >
      {/* The poster again, blurred, as the slide's backdrop; decorative, so hidden from readers. */}
      <Poster
        src={movie.poster}
        alt=""
        title={movie.title}
        width={400}
        height={600}
        className="absolute inset-0 -z-20 size-full scale-125 object-cover opacity-50 blur-2xl"
      />
      <div className="absolute inset-0 -z-10 bg-gradient-to-r from-zinc-950 via-zinc-950/85 to-zinc-950/30" />
      <div className="grid w-full gap-5 p-5 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:gap-10 sm:p-10 lg:px-16 lg:py-12">
        <Poster
          src={movie.poster}
          alt={`${movie.title} poster`}
          title={movie.title}
          width={400}
          height={600}
          loading="eager"
          fetchPriority={isFirst ? 'high' : 'low'}
          decoding={isFirst ? 'sync' : 'async'}
          className="aspect-[2/3] w-24 rounded-lg bg-zinc-800 object-cover shadow-2xl ring-1 ring-white/15 sm:order-last sm:w-44 md:w-52 lg:w-60"
        />
        <div className="max-w-2xl min-w-0">
          <p className="text-xs font-semibold tracking-widest text-brand-300 uppercase">Featured</p>
          <h2 className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl lg:text-5xl">
            {movie.title}
          </h2>
          <dl className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-zinc-200">
            <div className="flex items-center gap-1">
              <dt>
                <Star aria-hidden className="size-4 fill-amber-400 text-amber-400" />
                <span className="sr-only">Rating</span>
              </dt>
              <dd className="font-semibold text-white">{formatCardRating(movie.rating)}</dd>
            </div>
            <div>
              <dt className="sr-only">Genre</dt>
              <dd>{movie.genre}</dd>
            </div>
            <div className="flex items-center gap-1">
              <dt>
                <Clock aria-hidden className="size-4" />
                <span className="sr-only">Duration</span>
              </dt>
              <dd>{movie.duration}</dd>
            </div>
          </dl>
          <p className="mt-4 line-clamp-3 text-sm leading-relaxed text-zinc-200 sm:text-base">
            {movie.description}
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link
              to={movie.booking_link}
              className={`${buttonBase} bg-brand-600 text-white hover:bg-brand-700`}
              aria-label={`Book Tickets for ${movie.title}`}
            >
              <Ticket aria-hidden className="size-4" />
              Book Tickets
            </Link>
            {/* No trailer, no button: a control that can do nothing only gets in the way. */}
            {embedUrl && (
              <button
                type="button"
                onClick={() => onWatchTrailer(embedUrl)}
                className={`${buttonBase} border border-white/40 bg-white/10 text-white hover:bg-white/20`}
                aria-label={`Watch Trailer for ${movie.title}`}
              >
                <Play aria-hidden className="size-4 fill-current" />
                Watch Trailer
              </button>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
