import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type SignedIn, type TestApp } from '../../../test/app.ts';
import { insertMovie, insertShow } from '../../fixtures/factories.ts';
import { bookings, refunds, users } from '../../db/schema.ts';
import { cancelBooking } from '../bookings/cancel-booking.ts';
import { releaseExpiredHolds } from '../bookings/release-expired.ts';
import { findDiscrepancies, REFUND_OVERDUE_MS } from './reconcile.ts';
import { carryOutRefunds } from './refund-worker.ts';

// Issue 10, Build 5: after every money flow the product has (hold, pay, expire, late pay
// honoured and refunded, cancel, cancel show, refund), reconciliation finds nothing. A refund
// still in flight within its grace period is not a discrepancy; past it, it is.

let t: TestApp;
let asha: SignedIn;
let ravi: SignedIn;
let staff: SignedIn;
let movieId: string;
const WINDOW_MS = 600_000;

beforeAll(async () => {
  t = await createTestApp();
  movieId = (await insertMovie(t.testDb.database.db, { title: 'Every Flow' })).id;
  asha = await signUp(t.app, { name: 'Asha' });
  ravi = await signUp(t.app, { name: 'Ravi' });
  staff = await signUp(t.app, { name: 'Staff' });
  await t.testDb.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, staff.userId));
});
afterAll(() => t.close());

const db = () => t.testDb.database.db;
const later = (ms: number) => (t.clock.now = new Date(t.clock.now.getTime() + ms));
const discrepancies = () => findDiscrepancies({ db: db(), now: t.clock.now });
let showOffset = 0;
async function newShow() {
  const startsAt = new Date(t.clock.now.getTime() + 3 * 86_400_000 + ++showOffset * 60_000);
  return (await insertShow(db(), { movieId, startsAt, pricePaise: 20_000 })).id;
}
const call = (method: 'POST' | 'PUT', url: string, who: SignedIn, payload?: object) =>
  t.app.inject({ method, url, headers: who.bearer, ...(payload ? { payload } : {}) });
async function hold(showId: string, seats: string[], who = asha) {
  const response = await call('POST', '/api/bookings/create', who, { showId, selectedSeats: seats });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<{ bookingId: string; url: string }>();
  return { bookingId: body.bookingId, paymentId: body.url.split('/pay/')[1]! };
}
const pay = (paymentId: string, who = asha) =>
  call('POST', `/api/payments/${paymentId}/sandbox-pay`, who).then((response) => response.json());
const statusOf = async (bookingId: string) =>
  (await db().select().from(bookings).where(eq(bookings.id, bookingId)))[0]!.status;

describe('reconciliation after every money flow', () => {
  it('finds nothing, and a refund in flight counts only once its grace period has passed', async () => {
    const showId = await newShow();

    // Hold and pay.
    const paid = await hold(showId, ['A1', 'A2']);
    expect(await pay(paid.paymentId)).toMatchObject({ status: 'paid' });

    // A hold that lapses and is swept, never paid.
    const swept = await hold(showId, ['B1']);
    // A hold that lapses and is paid late with its seats still free: honoured.
    const lateFree = await hold(showId, ['C1']);
    // A hold that lapses, its seat taken by someone else, then paid late: refunded.
    const lateTaken = await hold(showId, ['D1']);
    later(WINDOW_MS + 1_000);
    await releaseExpiredHolds({ db: db(), now: t.clock.now });
    expect(await statusOf(swept.bookingId)).toBe('expired');
    const taker = await hold(showId, ['D1'], ravi);
    expect(await pay(taker.paymentId, ravi)).toMatchObject({ status: 'paid' });
    expect(await pay(lateFree.paymentId)).toMatchObject({ status: 'paid' });
    expect(await pay(lateTaken.paymentId)).toMatchObject({ status: 'refunded' });

    // A paid booking cancelled by its buyer: refunded.
    const regret = await hold(showId, ['E1']);
    await pay(regret.paymentId);
    expect((await call('PUT', `/api/bookings/${regret.bookingId}/cancel`, asha)).statusCode).toBe(200);

    // A show cancelled with a paid and an unpaid booking on it; the unpaid one is paid afterwards.
    const doomed = await newShow();
    const doomedPaid = await hold(doomed, ['A1']);
    await pay(doomedPaid.paymentId);
    const doomedUnpaid = await hold(doomed, ['A2'], ravi);
    expect((await call('POST', `/api/shows/${doomed}/cancel`, staff)).statusCode).toBe(200);
    expect(await pay(doomedUnpaid.paymentId, ravi)).toMatchObject({ status: 'refunded' });

    expect(await discrepancies()).toEqual([]);
    expect(await db().select().from(refunds)).toHaveLength(4);

    // A refund recorded by its commit whose gateway call has not happened yet (the process
    // stopped in between): in flight, not a discrepancy, until it is overdue.
    const inFlight = await hold(showId, ['F1']);
    await pay(inFlight.paymentId);
    const cancelled = await cancelBooking({
      db: db(),
      bookingId: inFlight.bookingId,
      actor: { id: asha.userId, isStaff: false },
      now: t.clock.now,
    });
    expect(cancelled.refundId).toBeDefined();
    later(REFUND_OVERDUE_MS - 60_000);
    expect(await discrepancies()).toEqual([]);
    later(120_000);
    expect(await discrepancies()).toEqual([
      expect.objectContaining({ kind: 'refund-overdue', refundId: cancelled.refundId, status: 'pending' }),
    ]);
    // The worker carries it out: everything agrees again.
    const deps = { db: db(), gateways: t.app.deps.gateways, clock: () => t.clock.now, log: t.app.log };
    expect(await carryOutRefunds(deps)).toEqual([{ id: cancelled.refundId, status: 'succeeded' }]);
    expect(await discrepancies()).toEqual([]);
  });
});
