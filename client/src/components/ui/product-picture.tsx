const sizes = { sm: 32, md: 48, lg: 96 } as const;
const sizeClass = { sm: 'size-8', md: 'size-12', lg: 'size-24' } as const;

/**
 * A product's picture at a fixed size (set before it loads, so nothing moves), loaded lazily; a
 * plain tile of the same size when there is none. `alt` is empty where the name is written next
 * to it, the name otherwise.
 */
export function ProductPicture({
  src,
  alt,
  size = 'md',
  className = '',
}: {
  src: string | null;
  alt: string;
  size?: keyof typeof sizes;
  className?: string;
}) {
  const box = `${sizeClass[size]} shrink-0 rounded-md ${className}`;
  if (!src) return <div aria-hidden className={`${box} bg-zinc-100 dark:bg-zinc-800`} />;
  return (
    <img
      src={src}
      alt={alt}
      width={sizes[size]}
      height={sizes[size]}
      loading="lazy"
      decoding="async"
      className={`${box} bg-zinc-100 object-cover dark:bg-zinc-800`}
    />
  );
}
