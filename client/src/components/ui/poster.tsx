import { Film } from 'lucide-react';
import { useState, type ImgHTMLAttributes } from 'react';

interface PosterProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'title'> {
  src: string;
  /** The image's text alternative; '' for a decorative poster. */
  alt: string;
  /** Written on the fallback, so a missing poster still says which film it is. */
  title: string;
  className?: string;
}

/**
 * A movie poster that never shows the browser's broken-image icon or its alt text spilling over
 * the card: when the image cannot be loaded (or there is none) a designed stand-in takes its
 * place, the same size, with the film's title on it.
 */
export function Poster({ src, alt, title, className = '', ...imgProps }: PosterProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  // Keyed by address: a new poster (a slide changing, a movie edited) gets its own chance to load.
  if (!src || failedSrc === src) {
    return (
      <div
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        aria-hidden={alt ? undefined : true}
        data-poster-fallback=""
        className={`${className} flex flex-col items-center justify-center gap-2 bg-gradient-to-b from-zinc-700 to-zinc-900 p-2 text-center text-zinc-100`}
      >
        <Film aria-hidden className="size-1/4 max-h-12 max-w-12 text-zinc-300" strokeWidth={1.5} />
        <span aria-hidden className="line-clamp-3 text-xs font-semibold break-words sm:text-sm">
          {title}
        </span>
      </div>
    );
  }
  return <img {...imgProps} src={src} alt={alt} className={className} onError={() => setFailedSrc(src)} />;
}
