import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { apiFailure } from '@marquee/shared';
import type { FastifyInstance, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

export interface OpenApiOptions {
  /**
   * Check every JSON answer against its route's documented schema and fail it (a 500) when it
   * does not match. The test app turns this on; production sends answers as they are, since the
   * check would cost a parse of every answer on the hot paths (seat maps, bookings).
   */
  checkResponses: boolean;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  /** Left out of the document on purpose (`schema.hide`). */
  hidden: boolean;
  /** Has a route schema with its answers (a route without one would be listed bare). */
  described: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: readonly RegisteredRoute[];
  }
}

/** Answers that broke their schema in this process (test mode), for the suite to report. */
export const responseMismatches: string[] = [];

const describedError = {
  400: 'The request is not valid: the message says what to fix',
  401: 'Authentication required: no session cookie or bearer token, or an expired one',
  403: 'Not authorized for this (another account’s, or staff only), or a cookie call from another site',
  404: 'Not found',
  409: 'Conflict: the state changed (seats taken, booking no longer payable, …)',
  413: 'Request body is too large',
  415: 'The body is not of a type this route takes',
  429: 'Too many requests: wait and try again',
  503: 'Not ready',
} as const;
export type ErrorStatus = keyof typeof describedError;

export const cookieOrBearer = [{ cookie: [] }, { bearer: [] }];

export interface RouteDoc {
  tags: string[];
  summary: string;
  description?: string;
  /** Who may call: anyone, a signed-in person, staff (door, box office) or an admin. */
  auth: 'public' | 'user' | 'staff' | 'admin';
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  /** The success answer, by status (200 unless said). */
  ok: z.ZodType | { status: number; schema: z.ZodType; contentType?: string };
  /** Failures this route answers beyond those its `auth` implies, with when they happen. */
  errors?: Partial<Record<ErrorStatus, string>>;
}

/**
 * A route's Fastify schema from its documentation: the Zod schemas the handler parses with,
 * its answers and every failure in the `{success:false, message}` shape.
 */
export function routeSchema(doc: RouteDoc): FastifySchema {
  const failures: Partial<Record<ErrorStatus, string>> = {
    // Any route: text that is not clean unicode, absurd nesting (plugins/input-hygiene.ts).
    400: describedError[400],
  };
  if (doc.auth !== 'public') failures[401] = describedError[401];
  if (doc.auth === 'staff' || doc.auth === 'admin')
    failures[403] = doc.auth === 'admin' ? 'Admins only' : 'Staff and admins only';
  Object.assign(failures, doc.errors);
  const ok = 'status' in doc.ok ? doc.ok : { status: 200, schema: doc.ok };
  const response: Record<number, unknown> = {
    [ok.status]:
      'contentType' in ok && ok.contentType
        ? { description: 'OK', content: { [ok.contentType]: { schema: ok.schema } } }
        : ok.schema,
  };
  for (const [status, when] of Object.entries(failures))
    response[Number(status)] = apiFailure.meta({ description: when });
  return {
    tags: doc.tags,
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    ...(doc.auth === 'public' ? {} : { security: cookieOrBearer }),
    ...(doc.params ? { params: doc.params } : {}),
    ...(doc.querystring ? { querystring: doc.querystring } : {}),
    ...(doc.body ? { body: doc.body } : {}),
    response,
  } as FastifySchema;
}

/** An id in the path. Any text is accepted; one that names nothing is a 404. */
export const idParam = (name: string, description: string) =>
  z.object({ [name]: z.string().meta({ description }) });

/**
 * OpenAPI 3.1 at /api/openapi.json and Swagger UI at /api/docs, both made from the route schemas.
 *
 * Requests are parsed by the handlers (with the same Zod schemas given as `schema.body` etc.), not
 * by Fastify's validator, so that authentication is still checked before the body and every 400
 * keeps its message: the validator compiler passes input through untouched.
 */
const apiTransform = createJsonSchemaTransform({ skipList: [] });

export const openApi = fp(async (app: FastifyInstance, { checkResponses }: OpenApiOptions) => {
  // Every route as registered, for the test that each /api route is in the document.
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { hide?: boolean; response?: unknown } | undefined;
    const hidden = Boolean(schema?.hide);
    const described = Boolean(schema?.response);
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, hidden, described });
  });
  app.setValidatorCompiler(() => (value) => ({ value }));
  app.setSerializerCompiler(({ schema, method, url }) => {
    if (!checkResponses) return (data) => JSON.stringify(data);
    const zod = schema as z.ZodType;
    return (data) => {
      const result = zod.safeParse(data);
      if (!result.success) {
        const problem = `${method} ${url}: the answer does not match its documented schema: ${z.prettifyError(result.error)}`;
        responseMismatches.push(problem);
        throw new Error(problem);
      }
      return JSON.stringify(data);
    };
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Marquee API',
        version: '1.0.0',
        description:
          'Movie-ticket booking for a single cinema. Every failure answers `{ "success": false, "message": "…" }`. ' +
          'Sign in with `POST /api/auth/sign-in/email` and send its `token` as `Authorization: Bearer <token>`, ' +
          'or let a browser keep the session cookie. See docs/integrators.md.',
      },
      components: {
        securitySchemes: {
          cookie: {
            type: 'apiKey',
            in: 'cookie',
            name: 'better-auth.session_token',
            description:
              'The session cookie set by sign-in (named `__Secure-better-auth.session_token` over https). ' +
              'Calls other than GET, HEAD and OPTIONS made with it must come from this app or an origin in CORS_ORIGINS.',
          },
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'The `token` answered by sign-in or sign-up (also in the `set-auth-token` header).',
          },
        },
      },
      tags: [
        { name: 'Catalogue', description: 'Movies, shows and the cinema, public' },
        { name: 'Seats', description: "A show's seat map, and its live stream" },
        { name: 'Bookings', description: 'Holding seats, listing and cancelling bookings' },
        { name: 'Payments', description: 'The payment page, the sandbox and the gateways’ webhooks' },
        { name: 'Tickets and door', description: 'Tickets of paid bookings and admission at the door' },
        { name: 'Favourites' },
        { name: 'Accounts', description: 'Sign-up, sign-in and sessions (better-auth)' },
        { name: 'Programme', description: 'Staff: movies and shows' },
        { name: 'Admin', description: 'Staff: dashboard, lists, refunds, users' },
        { name: 'Screens', description: 'Screens and their seat layouts (admins)' },
        { name: 'Box office', description: 'Staff: shifts, counter sales and refunds (CONTRACT §11)' },
        { name: 'Operations', description: 'Health, readiness and this description' },
      ],
    },
    // Only the API: /metrics and the client's files are not for integrators.
    transform: (route) =>
      route.url.startsWith('/api/') ? apiTransform(route) : { schema: { hide: true }, url: route.url },
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    // The app's own Content-Security-Policy applies (plugins/security-headers.ts): the UI is
    // served from node_modules with no inline scripts, so it needs no exception.
    staticCSP: false,
    uiConfig: { docExpansion: 'list', deepLinking: true, defaultModelsExpandDepth: 0 },
  });

  app.get(
    OPENAPI_PATH,
    {
      schema: routeSchema({
        tags: ['Operations'],
        summary: 'This API described in OpenAPI 3.1',
        auth: 'public',
        ok: z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) }),
      }),
    },
    async () => app.swagger(),
  );
});
