import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const PATH_REFUSED =
  'The address is not valid: send a plain path (no scheme and host, ./ or ../, //, backslashes, encoded dots and slashes or #)';

/**
 * An escaped character that never needs escaping (RFC 3986 "unreserved": letters, digits, - . _ ~),
 * an escaped slash or backslash.
 */
const NEEDLESS_ESCAPE = /%(?:[46][1-9a-f]|[57][0-9a]|3[0-9]|2[def]|5[cf]|7e)/i;
/** `.` or `..` as a whole segment, an empty segment (`//`) or a backslash. */
const DOT_OR_EMPTY_SEGMENT = /\/\.{1,2}(?:\/|$)|\/\/|\\/;

/**
 * Whether a request target can only be read one way. The query is not looked at; a fragment is
 * refused (browsers never send one; the routers drop it, `request.url` keeps it).
 */
export function isPlainTarget(target: string): boolean {
  if (!target.startsWith('/') || target.includes('#')) return false;
  const end = target.indexOf('?');
  const path = end === -1 ? target : target.slice(0, end);
  return !NEEDLESS_ESCAPE.test(path) && !DOT_OR_EMPTY_SEGMENT.test(path);
}

/**
 * One spelling per path, before anything else looks at a request. The router reads an absolute-form
 * target (`POST http://x/api/…`) as its path and decodes escapes; better-auth resolves `.`, `..` and
 * `%2e` segments and backslashes (WHATWG URL). So `request.url` could name a route in a way a
 * check keyed on it (the sign-in limit, the cross-site guard, input hygiene) did not recognise.
 * Refusing every target that is not already plain leaves one spelling of each path that reaches a
 * route, the one every later check reads. Browsers never send the refused forms.
 */
export const requestTarget = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    if (isPlainTarget(request.raw.url ?? '')) done();
    else reply.status(400).send({ success: false, message: PATH_REFUSED });
  });
});
