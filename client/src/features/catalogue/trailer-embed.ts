// YouTube video ids are always 11 characters from this alphabet.
const videoId = /^[A-Za-z0-9_-]{11}$/;

const youtubeHosts = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);

// Paths that carry the id as their second segment: /embed/ID, /shorts/ID, /live/ID, /v/ID.
const idPathPrefixes = new Set(['embed', 'shorts', 'live', 'v']);

function parseHttpUrl(link: string): URL | null {
  try {
    const url = new URL(link.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** The 11-character id of a YouTube link in any of its usual shapes, or null if it is not one. */
export function youtubeVideoId(link: string): string | null {
  const url = parseHttpUrl(link);
  if (!url) return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);

  let candidate: string | null | undefined = null;
  if (host === 'youtu.be') candidate = segments[0];
  else if (youtubeHosts.has(host)) {
    if (segments[0] === 'watch') candidate = url.searchParams.get('v');
    else if (segments[0] && idPathPrefixes.has(segments[0])) candidate = segments[1];
  }
  return candidate && videoId.test(candidate) ? candidate : null;
}

/**
 * The address to put in the trailer player's iframe: YouTube links become their embed address
 * with autoplay on and related videos off (spec §1); other web links are used as given. Anything
 * that is not an http(s) link (a `javascript:` URL typed into the admin form, say) gives null, so
 * the page never frames it.
 */
export function trailerEmbedUrl(link: string | null | undefined): string | null {
  if (!link?.trim()) return null;
  const id = youtubeVideoId(link);
  if (id) return `https://www.youtube.com/embed/${id}?autoplay=1&rel=0`;
  return parseHttpUrl(link) ? link.trim() : null;
}
