import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type SignedIn, type TestApp } from '../../../test/app.ts';
import { insertBooking, insertMovie, insertShow } from '../../fixtures/factories.ts';
import { bookings, bookingSeats, payments, refunds, shows, users } from '../../db/schema.ts';
import { findDiscrepancies } from './reconcile.ts';

// Issue 10, Build 5: reconciliation finds each kind of disagreement when one is planted.

let t: TestApp;
let staff: SignedIn;
let buyer: SignedIn;
let movieId: string;
let slot = 0;

beforeAll(async () => {
  t = await createTestApp();
  movieId = (await insertMovie(t.testDb.database.db, { title: 'Reconcile' })).id;
  buyer = await signUp(t.app, { name: 'Buyer' });
  staff = await signUp(t.app, { name: 'Staff' });
  await t.testDb.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, staff.userId));
});
afterAll(() => t.close());

const db = () => t.testDb.database.db;
async function paidBooking() {
  const startsAt = new Date(t.clock.now.getTime() + 86_400_000 + ++slot * 60_000);
  const showId = (await insertShow(db(), { movieId, startsAt })).id;
  const bookingId = await insertBooking(db(), {
    userId: buyer.userId,
    showId,
    seats: ['A1', 'A2'],
    now: t.clock.now,
  });
  const [payment] = await db().select().from(payments).where(eq(payments.bookingId, bookingId));
  return { showId, bookingId, payment: payment! };
}

describe('reconciliation', () => {
  it('finds nothing when money and seats agree', async () => {
    await paidBooking();
    expect(await findDiscrepancies({ db: db(), now: t.clock.now })).toEqual([]);
  });

  it('finds a captured payment with neither a paid booking nor a refund', async () => {
    const { bookingId, payment } = await paidBooking();
    await db().update(bookings).set({ status: 'expired' }).where(eq(bookings.id, bookingId));
    await db().update(bookingSeats).set({ isLive: false }).where(eq(bookingSeats.bookingId, bookingId));
    expect(await findDiscrepancies({ db: db(), now: t.clock.now })).toContainEqual(
      expect.objectContaining({ kind: 'captured-unsettled', paymentId: payment.id, bookingId }),
    );
    // Owing a refund settles it.
    await db().insert(refunds).values({
      id: randomUUID(),
      paymentId: payment.id,
      gateway: payment.gateway,
      paymentRef: payment.gatewayRef,
      amountPaise: payment.amountPaise,
      reason: 'test',
      idempotencyKey: 'k',
      status: 'succeeded',
    });
    expect(await findDiscrepancies({ db: db(), now: t.clock.now })).toEqual([]);
  });

  it('finds a paid booking without its live seats, or on a cancelled show', async () => {
    const lost = await paidBooking();
    await db().update(bookingSeats).set({ isLive: false }).where(eq(bookingSeats.bookingId, lost.bookingId));
    const dark = await paidBooking();
    await db().update(shows).set({ status: 'cancelled' }).where(eq(shows.id, dark.showId));
    const found = await findDiscrepancies({ db: db(), now: t.clock.now });
    expect(found).toContainEqual(
      expect.objectContaining({ kind: 'paid-without-seats', bookingId: lost.bookingId, liveSeats: 0 }),
    );
    expect(found).toContainEqual(
      expect.objectContaining({ kind: 'paid-without-seats', bookingId: dark.bookingId, liveSeats: 2 }),
    );
  });

  it('finds a refund pending too long, and staff see the report', async () => {
    const { payment } = await paidBooking();
    const id = randomUUID();
    await db()
      .insert(refunds)
      .values({
        id,
        paymentId: payment.id,
        gateway: payment.gateway,
        paymentRef: payment.gatewayRef,
        amountPaise: payment.amountPaise,
        reason: 'test',
        idempotencyKey: 'k2',
        createdAt: new Date(t.clock.now.getTime() - 2 * 3_600_000),
      });
    expect(await findDiscrepancies({ db: db(), now: t.clock.now })).toContainEqual(
      expect.objectContaining({ kind: 'refund-overdue', refundId: id, status: 'pending' }),
    );
    const report = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reconciliation',
      headers: staff.bearer,
    });
    expect(report.json()).toMatchObject({ success: true });
    expect(report.json().discrepancies.map((d: { kind: string }) => d.kind)).toEqual(
      expect.arrayContaining(['paid-without-seats', 'refund-overdue']),
    );
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/admin/reconciliation',
      headers: buyer.bearer,
    });
    expect(refused.statusCode).toBe(403);
  });
});
