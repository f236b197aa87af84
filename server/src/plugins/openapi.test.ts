import { compileErrors, dereference, validate } from '@readme/openapi-parser';
import { moviesResponse, seatsResponse } from '@marquee/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { DOCS_PATH, OPENAPI_PATH, responseMismatches, routeSchema } from './openapi.ts';

type Document = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, unknown>>;
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    extend(app) {
      // A route whose answer breaks its own documented schema.
      app.get(
        '/api/test/off-schema',
        {
          schema: routeSchema({
            tags: ['Test'],
            summary: 'x',
            auth: 'public',
            ok: z.object({ n: z.number() }),
          }),
        },
        async () => ({ n: 'not a number' }),
      );
    },
  });
});
afterAll(() => t.close());

const documentOf = async () => (await t.app.inject({ method: 'GET', url: OPENAPI_PATH })).json<Document>();
/** Fastify's `/a/:id` as OpenAPI writes it: `/a/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const document = await documentOf();
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(document));
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
  });

  it('describes every /api route the app registers; only the auth wildcard and the docs page are left out', async () => {
    const document = await documentOf();
    const api = t.app.registeredRoutes.filter(
      (route) =>
        route.url.startsWith('/api/') && route.method !== 'HEAD' && !route.url.startsWith('/api/test/'),
    );
    const missing = api
      .filter((route) => !route.hidden)
      .filter(
        (route) => !route.described || !document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()],
      )
      .map((route) => `${route.method} ${route.url}`);
    expect(missing).toEqual([]);
    const hidden = [...new Set(api.filter((route) => route.hidden).map((route) => route.url))];
    expect(
      hidden.every((url) => url === '/api/auth/*' || url.startsWith(DOCS_PATH)),
      hidden.join(' '),
    ).toBe(true);
    // Spec §7 has two readings of cancelling; both are described.
    expect(document.paths['/api/bookings/{id}/cancel']?.put).toBeDefined();
    expect(document.paths['/api/bookings/{id}']?.delete).toBeDefined();
    for (const path of [
      '/api/auth/sign-up/email',
      '/api/auth/sign-in/email',
      '/api/auth/sign-out',
      '/api/auth/admin/set-role',
    ])
      expect(document.paths[path]?.post, path).toBeDefined();
    expect(document.paths['/api/auth/get-session']?.get).toBeDefined();
  });

  it('gives every operation a success answer and its failures in the {success:false,message} shape', async () => {
    const document = (await dereference(await documentOf())) as Document;
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const responses = (
          operation as { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }
        ).responses;
        const statuses = Object.keys(responses);
        expect(
          statuses.some((status) => status.startsWith('2')),
          `${method} ${path}`,
        ).toBe(true);
        expect(statuses, `${method} ${path}`).toContain('400');
        for (const status of statuses.filter((s) => Number(s) >= 400)) {
          const schema = JSON.stringify(responses[status]?.content?.['application/json']?.schema);
          expect(schema, `${method} ${path} ${status}`).toContain('"success"');
          expect(schema, `${method} ${path} ${status}`).toContain('"message"');
        }
      }
    }
  });
});

describe('answers are checked against their schema in the tests', () => {
  it('an answer that breaks its documented schema fails', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/off-schema' });
    expect(response.statusCode).toBe(500);
    expect(responseMismatches.splice(0)).toEqual([expect.stringContaining('GET /api/test/off-schema')]);
  });

  it('the answers served as prepared bytes (movies, seat maps) match their schemas too', async () => {
    const movies = await t.app.inject({ method: 'GET', url: '/api/movies' });
    expect(moviesResponse.safeParse(movies.json()).success).toBe(true);
    const shows = (await t.app.inject({ method: 'GET', url: '/api/shows' })).json<{
      shows: { _id: string }[];
    }>();
    const seats = await t.app.inject({ method: 'GET', url: `/api/bookings/seats/${shows.shows[0]!._id}` });
    expect(seats.statusCode).toBe(200);
    expect(seatsResponse.safeParse(seats.json()).error).toBeUndefined();
  });
});

describe('the reference page', () => {
  it('is served from this server, under the app’s Content-Security-Policy', async () => {
    const page = await t.app.inject({ method: 'GET', url: `${DOCS_PATH}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    // No script or style from anywhere else: everything it loads is ours.
    expect(page.body).not.toMatch(/(src|href)="https?:/);
    const bundle = await t.app.inject({ method: 'GET', url: `${DOCS_PATH}/static/swagger-ui-bundle.js` });
    expect(bundle.statusCode).toBe(200);
  });
});
