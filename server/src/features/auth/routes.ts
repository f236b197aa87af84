import rateLimit from '@fastify/rate-limit';
import { messages } from '@marquee/shared';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, RouteOptions } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { parseInput } from '../../lib/parse.ts';
import { authDocs } from './docs.ts';
import { databaseStore } from './rate-limit.ts';

/**
 * Routes whose attempts count against AUTH_RATE_LIMIT a minute per address, together (credential
 * guessing and account spam). The limit rides on the routes registered at these exact paths
 * (docs.ts), so it holds however the path is spelled: the router answers a trailing slash or a
 * query with the same route, and plugins/request-target.ts refuses every other spelling.
 */
const limitedPaths = new Set([
  '/api/auth/sign-in/email',
  '/api/auth/sign-up/email',
  '/api/auth/request-password-reset',
  '/api/auth/reset-password',
  // Takes the current password: with a session in hand, it would otherwise be a free oracle.
  '/api/auth/change-password',
]);

/**
 * Bodies better-auth would pass to the database unchecked (its update-user stores `name: null`
 * and fails with a 500; sign-up stores a blank or 5,000-character name); checked here so the
 * client hears a 400, and one rule for a person's name wherever it is set.
 */
const personName = z
  .string({ error: (issue) => (issue.input === undefined ? 'Please enter your name' : 'Name must be text') })
  .trim()
  .min(1, 'Please enter your name')
  .max(100, 'Name must be at most 100 characters');
const bodyRules: Record<string, z.ZodType> = {
  '/api/auth/sign-up/email': z.looseObject({ name: personName }),
  '/api/auth/update-user': z.looseObject({
    name: personName.optional(),
    image: z.string({ message: 'Image must be a URL' }).max(2_000).nullable().optional(),
  }),
};

/** Answers that are lists, wrapped so they carry `success` and `message` like every other. */
const listNames: Record<string, string> = {
  '/api/auth/list-sessions': 'sessions',
  '/api/auth/list-accounts': 'accounts',
};

/** A session as shown to its owner: everything but the token, which would work as a bearer. */
function withoutToken(entry: unknown): unknown {
  if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return entry;
  const { token: _token, ...rest } = entry as Record<string, unknown>;
  return rest;
}

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

  if (config.AUTH_RATE_LIMIT > 0) {
    await app.register(rateLimit, {
      global: false,
      store: databaseStore({ db, clock, prefix: 'auth:' }),
      errorResponseBuilder: () =>
        new AppError('RATE_LIMITED', 'Too many attempts. Please wait a minute and try again.'),
    });
  }
  const limit = { rateLimit: { max: config.AUTH_RATE_LIMIT, timeWindow: 60_000 } };
  // The limit rides on those routes: one missing from docs.ts would go unlimited without a word.
  const unrouted = [...limitedPaths].filter((path) => !authDocs.some((doc) => doc.url === path));
  if (unrouted.length)
    throw new Error(`Limited but not routes of their own (docs.ts): ${unrouted.join(', ')}`);

  // better-auth's whole API, bridged; the document leaves this wildcard out (hide) and lists the
  // endpoints our clients use (docs.ts), registered at their exact paths with the same handler.
  const bridge = {
    method: ['GET', 'HEAD', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    async handler(request, reply) {
      const path = request.url.split('?')[0]!;
      const rule = bodyRules[path];
      if (rule && request.method === 'POST') parseInput(rule, request.body ?? {});
      const body =
        request.method === 'POST' && request.body !== undefined
          ? typeof request.body === 'string'
            ? request.body
            : JSON.stringify(request.body)
          : undefined;
      const response = await auth.handler(
        new Request(new URL(request.url, config.PUBLIC_URL), {
          // HEAD is a GET without the body (Fastify drops it); better-auth only knows GET.
          method: request.method === 'HEAD' ? 'GET' : request.method,
          headers: fromNodeHeaders(request.headers),
          body,
        }),
      );
      return relay(response, reply, path);
    },
  } satisfies RouteOptions;
  app.route(bridge);
  for (const { method, url, schema } of authDocs) {
    const limited = method === 'POST' && limitedPaths.has(url);
    app.route({ ...bridge, method, url, schema, config: limited ? limit : undefined });
  }
}

async function relay(response: Response, reply: FastifyReply, path: string) {
  reply.status(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && name !== 'content-length' && name !== 'content-encoding')
      reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);

  const text = await response.text();
  const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
  if (response.status >= 500) {
    // better-auth's own failures (thrown errors are logged by our error handler) tell nothing.
    return reply.status(500).type('application/json').send({ success: false, message: messages.internal });
  }
  if (!isJson && response.status >= 400) {
    const message =
      response.status === 404 ? `Not found: ${path.slice(0, 200)}` : response.statusText || 'Request failed';
    return reply.type('application/json').send({ success: false, message });
  }
  if (!isJson) return reply.send(text);
  let payload: unknown = text ? JSON.parse(text) : null;
  if (path === '/api/auth/list-sessions' && Array.isArray(payload)) payload = payload.map(withoutToken);
  if (path === '/api/auth/get-session' && payload && typeof payload === 'object' && 'session' in payload) {
    payload = { ...payload, session: withoutToken(payload.session) };
  }
  if (Array.isArray(payload)) {
    return reply.send({
      success: response.status < 400,
      message: 'OK',
      [listNames[path] ?? 'items']: payload,
    });
  }
  if (payload === null && response.status === 401) {
    return reply.send({ success: false, message: messages.authenticationRequired });
  }
  if (payload === null) {
    return reply.send({
      success: response.status < 400,
      message: 'Not signed in',
      session: null,
      user: null,
    });
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
