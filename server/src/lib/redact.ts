// What the log may say about an address or a message: never a secret that works on its own
// (a password-reset token, an OAuth code, a session token), which anyone reading the log could use.

const REDACTED = '[redacted]';

/** Query parameters whose values are secrets, plain or percent-encoded inside another value. */
const secretParam =
  /((?:^|[?&;]|%3F|%26)(?:token|code|state|secret|password|key|api_key|sig|signature|session_id|id_token|access_token|refresh_token)(?:=|%3D))[^&;#]*/gi;

/**
 * Path segments that are tokens whatever they look like: better-auth's reset link carries one, and
 * a shared ticket's link (/share/…, /api/share/…) is one.
 */
const secretSegment = /(\/(?:reset-password|verify-email|share)\/)[^/?#]+/gi;

/** A run of 20 or more URL-safe characters mixing capitals, small letters and digits: generated. */
const randomRun = /[A-Za-z0-9_-]{20,}/g;
const looksRandom = (run: string) => /[A-Z]/.test(run) && /[a-z]/.test(run) && /[0-9]/.test(run);

/**
 * What every pattern above needs somewhere in the text: a parameter's `=` (or its escape, `%3D`), a
 * capital (a generated run mixes them in), or a secret path segment, spelt in small letters when
 * the text has no capital. Text with none of them is returned as it is without running the three
 * replacements: most addresses the request log writes (issue 35).
 */
const mightHoldSecret = /[A-Z=%]|\/(?:reset-password|verify-email|share)\//;

/** The three replacements, on any text (exported for the test that the shortcut changes nothing). */
export function replaceSecrets(text: string): string {
  return text
    .replace(secretParam, `$1${REDACTED}`)
    .replace(secretSegment, `$1${REDACTED}`)
    .replace(randomRun, (run) => (looksRandom(run) ? REDACTED : run));
}

/** The text with anything secret-shaped replaced; UUIDs (lower case) and words are kept. */
export function redactSecrets(text: string): string {
  return mightHoldSecret.test(text) ? replaceSecrets(text) : text;
}
