import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { countAttempt } from './rate-limit.ts';

/** Paths whose attempts count against AUTH_RATE_LIMIT (credential guessing and account spam). */
const limitedPaths = new Set([
  '/api/auth/sign-in/email',
  '/api/auth/sign-up/email',
  '/api/auth/request-password-reset',
  '/api/auth/reset-password',
]);

/** better-auth's codes, in the words our screens show. */
const friendlier: Record<string, { status?: number; message: string }> = {
  USER_ALREADY_EXISTS: { status: 409, message: 'An account with this email already exists' },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: {
    status: 409,
    message: 'An account with this email already exists',
  },
  PASSWORD_TOO_SHORT: { message: 'Password must be at least 8 characters' },
  PASSWORD_TOO_LONG: { message: 'Password must be at most 128 characters' },
  INVALID_EMAIL_OR_PASSWORD: { message: 'Invalid email or password' },
  INVALID_EMAIL: { message: 'Please enter a valid email address' },
  INVALID_PASSWORD: { message: 'Current password is incorrect' },
};

/**
 * better-auth's endpoints under /api/auth, bridged from Fastify. JSON answers gain the
 * contract's `success` and `message`; cookies, redirects and the bearer token header pass through.
 */
export async function authRoutes(app: FastifyInstance) {
  const { auth, config, db, clock } = app.deps;

  // The OIDC provider may post its answer back as a form.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    async handler(request, reply) {
      const path = request.url.split('?')[0]!;
      if (request.method === 'POST' && limitedPaths.has(path) && config.AUTH_RATE_LIMIT > 0) {
        const allowed = await countAttempt({
          db,
          key: `auth:${request.ip}`,
          limit: config.AUTH_RATE_LIMIT,
          now: clock(),
        });
        if (!allowed)
          throw new AppError('RATE_LIMITED', 'Too many attempts. Please wait a minute and try again.');
      }
      const body =
        request.method === 'POST' && request.body !== undefined
          ? typeof request.body === 'string'
            ? request.body
            : JSON.stringify(request.body)
          : undefined;
      const response = await auth.handler(
        new Request(new URL(request.url, config.PUBLIC_URL), {
          method: request.method,
          headers: fromNodeHeaders(request.headers),
          body,
        }),
      );
      return relay(response, reply);
    },
  });
}

async function relay(response: Response, reply: FastifyReply) {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length' && name !== 'content-encoding')
      reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);

  const text = await response.text();
  if (!(response.headers.get('content-type') ?? '').includes('application/json')) return reply.send(text);
  const payload: unknown = text ? JSON.parse(text) : null;
  if (payload === null) {
    return reply.send({ success: true, message: 'Not signed in', session: null, user: null });
  }
  if (typeof payload !== 'object' || Array.isArray(payload)) return reply.send(payload);
  const answer = payload as Record<string, unknown>;
  const ok = response.status < 400;
  const known = typeof answer.code === 'string' ? friendlier[answer.code] : undefined;
  if (known?.status) reply.status(known.status);
  else if (response.status === 422) reply.status(400);
  return reply.send({
    success: ok,
    ...answer,
    message:
      known?.message ??
      (typeof answer.message === 'string' && answer.message ? answer.message : ok ? 'OK' : 'Request failed'),
  });
}
