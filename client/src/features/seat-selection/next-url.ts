const scheme = /^[a-z][a-z\d+.-]*:/i;
// Control characters and whitespace can make browsers read a path as something else.
// eslint-disable-next-line no-control-regex
const unsafeCharacters = /[\u0000-\u0020\u007f\\]/;

/**
 * The same-site path that /loading?next_url=… goes to ('/' followed by the value), or null when
 * the value could lead anywhere else. Leading slashes are dropped so '//evil.example' cannot
 * become a protocol-relative link to another host; schemes and backslashes are refused.
 */
export function nextPath(nextUrl: string | null | undefined): string | null {
  if (!nextUrl) return null;
  const relative = nextUrl.trim().replace(/^\/+/, '');
  if (!relative || scheme.test(relative) || unsafeCharacters.test(relative)) return null;

  // Resolving against a placeholder origin is the browser's own reading of the path.
  const base = 'https://marquee.invalid';
  const url = new URL(`/${relative}`, base);
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can collapse into '//host' ('..//evil.example'), so the result is checked too.
  if (url.origin !== base || path.startsWith('//')) return null;
  return path;
}
