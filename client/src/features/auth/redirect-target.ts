// Control characters, whitespace and backslashes can make a browser read a path as another host.
// eslint-disable-next-line no-control-regex
const unsafeCharacters = /[\u0000-\u0020\u007f\\]/;

/**
 * Where to go after signing in: `value` when it is a path on this site, else `fallback`.
 * The `redirect` parameter comes from the address bar, so anyone can craft it; only a single
 * leading '/' is accepted ('//host' and '/\host' are other sites to a browser).
 */
export function safeRedirectPath(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || unsafeCharacters.test(value)) {
    return fallback;
  }
  // Resolving against a placeholder origin is the browser's own reading of the path.
  const base = 'https://marquee.invalid';
  const url = new URL(value, base);
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can collapse into '//host' ('/..//evil.example'), so the result is checked too.
  if (url.origin !== base || path.startsWith('//')) return fallback;
  return path;
}

/** `path` carrying `target` as its redirect parameter, left off when it is the default '/'. */
export function withRedirect(path: string, target: string): string {
  return target === '/' ? path : `${path}?redirect=${encodeURIComponent(target)}`;
}
