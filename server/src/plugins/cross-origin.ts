import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export const CROSS_SITE_REFUSED = 'Cross-site request refused: it did not come from this app';
const ORIGIN_NOT_ALLOWED = 'This origin may not call the API';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;

export interface CrossOriginOptions {
  /** The app's own origins (PUBLIC_URL's, and the dev servers' while developing). */
  ownOrigins: readonly string[];
  /** Other web apps allowed to call the API with credentials (CORS_ORIGINS). */
  corsOrigins: readonly string[];
}

/** The origin a request says it comes from: `Origin`, or the origin of `Referer` when there is none. */
function requestOrigin(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (typeof origin === 'string') return origin;
  const referer = request.headers.referer;
  if (typeof referer !== 'string') return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * CORS for the origins in CORS_ORIGINS, and the guard against cross-site request forgery.
 *
 * SameSite=Lax cookies still travel from another port or a sibling subdomain (the same "site"),
 * so a state-changing call authenticated by the session cookie must prove where it comes from:
 * its Origin (or Referer) is this app or an allowed origin. A bearer token is never sent by a
 * browser on its own, so bearer calls need no such proof.
 */
export const crossOrigin = fp(
  async (app: FastifyInstance, { ownOrigins, corsOrigins }: CrossOriginOptions) => {
    const corsAllowed = new Set(corsOrigins);
    const trusted = new Set([...ownOrigins, ...corsOrigins]);

    const allowCors = (reply: FastifyReply, origin: string) => {
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-allow-credentials', 'true');
      reply.header('access-control-expose-headers', 'set-auth-token');
    };

    /** Answers the request itself (a preflight, or a refusal) or lets it go on: true when it answered. */
    const answer = (request: FastifyRequest, reply: FastifyReply): boolean => {
      if (!isApi(request.url)) return false;
      // Answers differ by Origin, so shared caches must keep them apart.
      reply.header('vary', 'Origin');
      const origin = request.headers.origin;
      const isCors = typeof origin === 'string' && corsAllowed.has(origin);
      if (isCors) allowCors(reply, origin);

      if (request.method === 'OPTIONS') {
        const preflight = typeof origin === 'string' && request.headers['access-control-request-method'];
        if (preflight && !trusted.has(origin)) {
          reply.status(403).send({ success: false, message: ORIGIN_NOT_ALLOWED });
          return true;
        }
        if (preflight) {
          reply.header('access-control-allow-methods', 'GET, HEAD, POST, PUT, PATCH, DELETE');
          reply.header(
            'access-control-allow-headers',
            'authorization, content-type, idempotency-key, x-request-id',
          );
          reply.header('access-control-max-age', '600');
        }
        reply.header('allow', 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
        reply.status(204).send();
        return true;
      }

      if (SAFE_METHODS.has(request.method)) return false;
      if (request.headers.authorization?.startsWith('Bearer ')) return false;
      const cookie = request.headers.cookie;
      if (!cookie || !SESSION_COOKIE.test(cookie)) return false;
      const claimed = requestOrigin(request);
      if (claimed && trusted.has(claimed)) return false;
      reply.status(403).send({ success: false, message: CROSS_SITE_REFUSED });
      return true;
    };

    app.addHook('onRequest', (request, reply, done) => {
      if (!answer(request, reply)) done();
    });
  },
);
