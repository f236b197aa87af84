import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type SignedIn, type TestApp } from '../../test/app.ts';
import { rawRequest } from '../../test/raw-http.ts';
import { bookings, movies, payments, screens, shows, users } from '../db/schema.ts';
import { PATH_REFUSED } from '../plugins/request-target.ts';
import { hostileBody, hostilePathSegment, hostileQuery, otherSpellings, type Json } from './hostile-input.ts';

/**
 * Every route of the API, fed generated bad input (fast-check): wrong types, huge and deeply
 * nested values, NUL and broken unicode, prototype keys, odd encodings and content types — as a
 * stranger, a buyer and an admin. No answer may be a 5xx, every JSON answer has `success` and
 * `message` (false on a 4xx), and the data is exactly as before.
 *
 * Each field a route reads gets a bad value in every request, so no generated request is valid
 * and nothing may change. Routes that change state with no input at all (sign-out) are left out.
 * Every route is also asked for under other spellings of its path (dot segments, escapes,
 * absolute-form targets), over TCP, and each must be refused before a route sees it.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD' | 'PATCH' | 'OPTIONS';
interface Route {
  method: Method;
  /** `:param` segments are filled with hostile values. */
  path: string;
  /** Body fields the route reads; each gets a bad value. */
  fields?: string[];
  /** Query keys the route reads. */
  query?: string[];
}

const routes: Route[] = [
  { method: 'GET', path: '/api/health' },
  { method: 'GET', path: '/api/config', query: ['x'] },
  { method: 'GET', path: '/api/openapi.json', query: ['x'] },
  { method: 'GET', path: '/api/docs/', query: ['url', 'x'] },
  { method: 'GET', path: '/api/docs/static/:file' },
  { method: 'GET', path: '/api/movies', query: ['q', 'genre', 'page'] },
  { method: 'GET', path: '/api/movies/movies-with-shows', query: ['date'] },
  { method: 'GET', path: '/api/movies/:id' },
  {
    method: 'POST',
    path: '/api/movies',
    fields: ['Title', 'Year', 'Runtime', 'Genre', 'Poster', 'Ratings', 'Plot'],
  },
  { method: 'GET', path: '/api/shows', query: ['movieId', 'date'] },
  { method: 'GET', path: '/api/shows/movie/:movieId' },
  { method: 'GET', path: '/api/shows/check-timeslot', query: ['date', 'time', 'movieId', 'screen'] },
  {
    method: 'POST',
    path: '/api/shows',
    fields: ['movie', 'showPrice', 'totalSeats', 'dateTimings', 'screen', 'prices'],
  },
  { method: 'PUT', path: '/api/shows/:id', fields: ['showPrice', 'prices', 'date', 'time', 'totalSeats'] },
  { method: 'POST', path: '/api/shows/:id/cancel' },
  { method: 'DELETE', path: '/api/shows/:id' },
  { method: 'GET', path: '/api/bookings/seats/:showId' },
  { method: 'GET', path: '/api/bookings/seats/:showId/events' },
  {
    method: 'POST',
    path: '/api/bookings/create',
    fields: ['showId', 'selectedSeats', 'userId', 'quantity', 'class', 'accessible'],
  },
  { method: 'GET', path: '/api/bookings/user', query: ['status'] },
  { method: 'GET', path: '/api/bookings/user/:userId', query: ['status'] },
  { method: 'GET', path: '/api/bookings/:id' },
  { method: 'PUT', path: '/api/bookings/:id/cancel' },
  { method: 'DELETE', path: '/api/bookings/:id' },
  { method: 'GET', path: '/api/payments/:id' },
  { method: 'POST', path: '/api/payments/:id/sandbox-pay' },
  { method: 'POST', path: '/api/payments/webhooks/sandbox', fields: ['id', 'type', 'ref'] },
  { method: 'POST', path: '/api/payments/webhooks/stripe', fields: ['id', 'type', 'data'] },
  { method: 'GET', path: '/api/user/favourites' },
  { method: 'POST', path: '/api/user/update-favourites', fields: ['movieId'] },
  { method: 'GET', path: '/api/admin/is-admin' },
  { method: 'GET', path: '/api/admin/dashboard', query: ['from', 'to'] },
  {
    method: 'GET',
    path: '/api/admin/bookings',
    query: ['q', 'status', 'movieId', 'showId', 'date', 'page', 'pageSize'],
  },
  { method: 'GET', path: '/api/admin/bookings.csv', query: ['q', 'status', 'movieId', 'showId', 'date'] },
  { method: 'GET', path: '/api/admin/shows', query: ['movieId', 'date', 'status', 'page', 'pageSize'] },
  { method: 'GET', path: '/api/admin/audit', query: ['action', 'page', 'pageSize'] },
  { method: 'GET', path: '/api/admin/refunds', query: ['status'] },
  { method: 'POST', path: '/api/admin/refunds/:id/retry' },
  { method: 'GET', path: '/api/admin/reconciliation' },
  { method: 'GET', path: '/api/admin/admissions' },
  { method: 'GET', path: '/api/admin/users', query: ['q', 'page', 'pageSize'] },
  { method: 'GET', path: '/api/admin/screens' },
  { method: 'GET', path: '/api/admin/screens/:id' },
  { method: 'POST', path: '/api/admin/screens', fields: ['name', 'layout'] },
  { method: 'PUT', path: '/api/admin/screens/:id', fields: ['name', 'layout'] },
  { method: 'GET', path: '/api/bookings/:id/ticket' },
  { method: 'POST', path: '/api/checkin', fields: ['code', 'reference'] },
  { method: 'GET', path: '/api/door/shows' },
  { method: 'GET', path: '/api/door/shows/:showId/bookings' },
  { method: 'POST', path: '/api/auth/sign-up/email', fields: ['name', 'email', 'password', 'callbackURL'] },
  { method: 'POST', path: '/api/auth/sign-in/email', fields: ['email', 'password', 'callbackURL'] },
  { method: 'GET', path: '/api/auth/get-session', query: ['disableCookieCache'] },
  { method: 'GET', path: '/api/auth/list-sessions' },
  { method: 'POST', path: '/api/auth/update-user', fields: ['name', 'image'] },
  { method: 'POST', path: '/api/auth/change-password', fields: ['currentPassword', 'newPassword'] },
  { method: 'POST', path: '/api/auth/revoke-session', fields: ['token'] },
  { method: 'POST', path: '/api/auth/request-password-reset', fields: ['email', 'redirectTo'] },
  { method: 'POST', path: '/api/auth/reset-password', fields: ['token', 'newPassword'] },
  { method: 'POST', path: '/api/auth/admin/set-role', fields: ['userId', 'role'] },
  { method: 'GET', path: '/api/auth/admin/list-users', query: ['limit', 'offset', 'searchValue'] },
  { method: 'GET', path: '/api/auth/:unknown' },
  { method: 'GET', path: '/api/:unknown' },
  { method: 'HEAD', path: '/api/movies/:id' },
  { method: 'OPTIONS', path: '/api/bookings/create' },
  { method: 'PATCH', path: '/api/bookings/:id' },
];

/** Generated requests per route; about 2,000 requests per database in all. */
const RUNS_PER_ROUTE = 40;

let t: TestApp;
let admin: SignedIn;
let buyer: SignedIn;
const counts = new Map<string, number>();
let otherSpellingsSent = 0;

/** A digest of every table a client can change (sessions, limits and the audit trail aside). */
async function dataDigest(): Promise<string> {
  const db = t.testDb.database.db;
  const digest = createHash('sha256');
  for (const table of [users, movies, shows, screens, bookings, payments] as const) {
    const rows = await db
      .select()
      .from(table)
      .orderBy(sql`1`);
    digest.update(JSON.stringify(rows));
  }
  for (const name of ['booking_seats', 'refunds', 'favourites', 'accounts']) {
    const result = await db.execute(sql.raw(`select count(*)::int as n from ${name}`));
    digest.update(`${name}:${JSON.stringify(result)}`);
  }
  return digest.digest('hex');
}

beforeAll(async () => {
  t = await createTestApp({ seed: true, productionRules: true });
  admin = await signUp(t.app, { name: 'Fuzz Admin' });
  buyer = await signUp(t.app, { name: 'Fuzz Buyer' });
  await t.testDb.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
  // A live booking so booking, payment and seat routes have something real near the fuzzed ids.
  const [show] = await t.testDb.database.db
    .select({ id: shows.id })
    .from(shows)
    // Not the seed's sold-out show (tomorrow's first), whichever row the database returns first.
    .where(
      sql`${shows.startsAt} > now() + interval '2 hours' and ${shows.status} = 'active'
        and not exists (select 1 from bookings b where b.show_id = ${shows.id})`,
    )
    .limit(1);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/bookings/create',
    headers: buyer.bearer,
    payload: { showId: show!.id, selectedSeats: ['A1'] },
  });
  expect(created.statusCode, created.body).toBe(200);
}, 120_000);

afterAll(async () => {
  await t?.close();
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  console.info(
    `fuzz: ${counts.size} routes, ${total} requests, ${otherSpellingsSent} other spellings over TCP`,
  );
});

const credentials = fc.constantFrom<'none' | 'buyer' | 'admin'>('none', 'buyer', 'admin');

function requestFor(route: Route) {
  const params = fc.array(hostilePathSegment, {
    minLength: (route.path.match(/:/g) ?? []).length,
    maxLength: (route.path.match(/:/g) ?? []).length,
  });
  return fc.record({
    params,
    query: hostileQuery(route.query ?? []),
    body: route.fields || route.method !== 'GET' ? hostileBody(route.fields ?? []) : fc.constant(undefined),
    who: credentials,
  });
}

function fill(path: string, params: string[]): string {
  let index = 0;
  return path.replace(/:[a-zA-Z]+/g, () => params[index++] ?? 'x');
}

describe('every route refuses bad input cleanly', () => {
  it('no 5xx, answers in the contract shape, data unchanged', async () => {
    const before = await dataDigest();
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      await fc.assert(
        fc.asyncProperty(requestFor(route), async ({ params, query, body, who }) => {
          const url = fill(route.path, params) + query;
          const options: InjectOptions = {
            method: route.method,
            url,
            headers: who === 'none' ? {} : (who === 'admin' ? admin : buyer).bearer,
          };
          if (body !== undefined && route.method !== 'GET' && route.method !== 'HEAD') {
            options.headers = { ...options.headers, 'content-type': body.contentType };
            options.payload = body.payload;
          }
          counts.set(key, (counts.get(key) ?? 0) + 1);
          const response = await t.app.inject(options);
          const where = `${key} → ${response.statusCode} ${url.slice(0, 200)} ${response.body.slice(0, 300)}`;
          expect(response.statusCode, where).toBeLessThan(500);
          // The OpenAPI document is shaped by OpenAPI, not by the contract; its failures are not.
          const isDocument = route.path === '/api/openapi.json' && response.statusCode === 200;
          if (
            String(response.headers['content-type']).includes('application/json') &&
            response.body &&
            !isDocument
          ) {
            const answer = JSON.parse(response.body) as Record<string, Json>;
            expect(typeof answer.success, where).toBe('boolean');
            expect(typeof answer.message, where).toBe('string');
            if (response.statusCode >= 400) expect(answer.success, where).toBe(false);
          }
        }),
        { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    }
    expect(await dataDigest()).toBe(before);
    // The sessions used still work: nothing generated signed anyone out or changed a role.
    const check = await t.app.inject({ method: 'GET', url: '/api/admin/is-admin', headers: admin.bearer });
    expect(check.json()).toMatchObject({ success: true, isAdmin: true });
  }, 180_000);

  // Over TCP: app.inject resolves dot segments and absolute-form targets before the app sees them.
  it('refuses every other spelling of every route before the route sees it', async () => {
    const before = await dataDigest();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    for (const route of routes) {
      const path = fill(
        route.path,
        route.path.split(':').map(() => 'x'),
      );
      for (const [index, target] of otherSpellings(path).entries()) {
        const who = [{}, admin.bearer, buyer.bearer][index % 3]!;
        const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
        const answer = await rawRequest(port, route.method, target, {
          headers: hasBody ? { ...who, 'content-type': 'application/json' } : who,
          body: hasBody ? '{}' : undefined,
        });
        otherSpellingsSent++;
        const where = `${route.method} ${target} → ${answer.status} ${answer.body.slice(0, 200)}`;
        expect(answer.status, where).toBe(400);
        if (route.method !== 'HEAD') {
          expect(JSON.parse(answer.body), where).toEqual({ success: false, message: PATH_REFUSED });
        }
      }
    }
    expect(await dataDigest()).toBe(before);
  }, 180_000);
});
