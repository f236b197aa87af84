import type { Show } from '@marquee/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type SignedIn, type TestApp } from '../../../test/app.ts';
import { insertMovie, insertShow } from '../../fixtures/factories.ts';
import { auditLog, movies, shows, users } from '../../db/schema.ts';

// Issue 34: a show's language and format are what buyers chose it by, so an admin may change them
// only while no seat of it is held or sold; after that, 409 in plain words.
let t: TestApp;
let admin: SignedIn;
let buyer: SignedIn;
let movieId: string;
let offset = 0;
const LOCKED =
  'Seats for this show are already sold or held, so its language and format can no longer be changed';

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.testDb.database;
  movieId = (await insertMovie(db, { title: 'Two Tongues' })).id;
  await db
    .update(movies)
    .set({ languages: ['Hindi', 'Tamil'], format: '2D' })
    .where(eq(movies.id, movieId));
  admin = await signUp(t.app, { name: 'Admin' });
  buyer = await signUp(t.app, { name: 'Buyer' });
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
}, 180_000);
afterAll(() => t.close());

const db = () => t.testDb.database.db;
async function newShow() {
  const startsAt = new Date(t.clock.now.getTime() + 86_400_000 + ++offset * 4 * 3_600_000);
  const id = (await insertShow(db(), { movieId, startsAt })).id;
  await db().update(shows).set({ language: 'Hindi', format: '2D' }).where(eq(shows.id, id));
  return id;
}
const edit = (showId: string, payload: object, who = admin) =>
  t.app.inject({ method: 'PUT', url: `/api/shows/${showId}`, headers: who.bearer, payload });
const hold = (showId: string, seats: string[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/bookings/create',
    headers: buyer.bearer,
    payload: { showId, selectedSeats: seats },
  });
const stored = async (showId: string) =>
  (
    await db()
      .select({ language: shows.language, format: shows.format })
      .from(shows)
      .where(eq(shows.id, showId))
  )[0];

describe("a show's language and format", () => {
  it('are changed by an admin while no seat is held or sold, audited, and only to a language of the film', async () => {
    const showId = await newShow();
    const changed = await edit(showId, { language: 'tamil', format: 'IMAX' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<{ show: Show }>().show).toMatchObject({ language: 'Tamil', format: 'IMAX' });
    expect(await stored(showId)).toEqual({ language: 'Tamil', format: 'IMAX' });
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.entityId, showId));
    expect(audit!.details).toMatchObject({
      language: { from: 'Hindi', to: 'Tamil' },
      format: { from: '2D', to: 'IMAX' },
    });

    const other = await edit(showId, { language: 'English' });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('This film is shown in Hindi, Tamil, not English');
    const unknown = await edit(showId, { format: '4DX' });
    expect(unknown.statusCode).toBe(400);
    expect((await edit(showId, { format: 'IMAX' }, buyer)).statusCode).toBe(403);
    expect(await stored(showId)).toEqual({ language: 'Tamil', format: 'IMAX' });
  });

  it('are refused with a 409 once a seat is held, and free again when the hold lapses', async () => {
    const showId = await newShow();
    const held = await hold(showId, ['A1']);
    expect(held.statusCode, held.body).toBe(200);
    for (const change of [{ language: 'Tamil' }, { format: '3D' }, { showPrice: 300, format: '3D' }]) {
      const refused = await edit(showId, change);
      expect(refused.statusCode, JSON.stringify(change)).toBe(409);
      expect(refused.json()).toEqual({ success: false, message: LOCKED });
    }
    // Nothing of a refused edit happened, and what is not a change is not refused.
    expect(await stored(showId)).toEqual({ language: 'Hindi', format: '2D' });
    expect((await edit(showId, { language: 'Hindi', format: '2D', showPrice: 260 })).statusCode).toBe(200);

    t.clock.now = new Date(t.clock.now.getTime() + (t.config.PAYMENT_WINDOW_SECONDS + 5) * 1000);
    const freed = await edit(showId, { format: '3D' });
    expect(freed.statusCode, freed.body).toBe(200);
    expect(await stored(showId)).toEqual({ language: 'Hindi', format: '3D' });
  });

  it('are refused with a 409 once a seat is sold', async () => {
    const showId = await newShow();
    const held = (await hold(showId, ['B1', 'B2'])).json<{ url: string }>();
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${held.url.split('/pay/')[1]}/sandbox-pay`,
      headers: buyer.bearer,
      payload: {},
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const refused = await edit(showId, { language: 'Tamil', format: 'IMAX' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(LOCKED);
    expect(await stored(showId)).toEqual({ language: 'Hindi', format: '2D' });
  });
});
