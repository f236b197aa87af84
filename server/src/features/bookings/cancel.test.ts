import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type SignedIn, type TestApp } from '../../../test/app.ts';
import { insertMovie, insertShow } from '../../fixtures/factories.ts';
import { auditLog, bookings, refunds, users } from '../../db/schema.ts';
import { cancelAndRefund } from './cancel-booking.ts';

let t: TestApp;
let asha: SignedIn;
let ravi: SignedIn;
let staff: SignedIn;
let door: SignedIn;
let showId: string;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.testDb.database;
  const movie = await insertMovie(db, { title: 'Cancel Test' });
  showId = (
    await insertShow(db, {
      movieId: movie.id,
      startsAt: new Date(t.clock.now.getTime() + 86_400_000),
      pricePaise: 30_000,
    })
  ).id;
  asha = await signUp(t.app, { name: 'Asha' });
  ravi = await signUp(t.app, { name: 'Ravi' });
  staff = await signUp(t.app, { name: 'Staff' });
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, staff.userId));
  door = await signUp(t.app, { name: 'Door' });
  await db.update(users).set({ role: 'staff' }).where(eq(users.id, door.userId));
});
afterAll(() => t.close());

async function book(who: SignedIn, seats: string[], pay = false, forShow = showId) {
  const body = (
    await t.app.inject({
      method: 'POST',
      url: '/api/bookings/create',
      headers: who.bearer,
      payload: { showId: forShow, selectedSeats: seats },
    })
  ).json<{ bookingId: string; url: string }>();
  if (pay) {
    const paymentId = body.url.split('/pay/')[1];
    await t.app.inject({
      method: 'POST',
      url: `/api/payments/${paymentId}/sandbox-pay`,
      headers: who.bearer,
      payload: {},
    });
  }
  return body.bookingId;
}
const cancel = (who: SignedIn, id: string, form: 'put' | 'delete' = 'put', payload?: object) =>
  form === 'put'
    ? t.app.inject({ method: 'PUT', url: `/api/bookings/${id}/cancel`, headers: who.bearer, payload })
    : t.app.inject({ method: 'DELETE', url: `/api/bookings/${id}`, headers: who.bearer, payload });
const occupiedOf = async (id: string) =>
  Object.keys(
    (await t.app.inject({ method: 'GET', url: `/api/bookings/seats/${id}` })).json<{
      occupiedSeats: object;
    }>().occupiedSeats,
  );
const occupied = () => occupiedOf(showId);

describe('cancelling a booking', () => {
  it('frees the seats of a pending booking (PUT form)', async () => {
    const id = await book(asha, ['A1', 'A2']);
    const response = await cancel(asha, id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: 'Booking cancelled',
      booking: { status: 'cancelled', paymentLink: null },
    });
    expect(await occupied()).not.toContain('A1');
  });

  it('refunds a paid booking through its gateway (DELETE form) and shows it refunded', async () => {
    const id = await book(asha, ['B1'], true);
    const response = await cancel(asha, id, 'delete');
    expect(response.json()).toMatchObject({
      success: true,
      message: 'Booking cancelled. Your payment has been refunded.',
    });
    expect(response.json().booking.refund).toMatchObject({ amount: 300, status: 'succeeded' });
    expect(await occupied()).not.toContain('B1');
  });

  it('changes nothing when cancelled twice', async () => {
    const id = await book(ravi, ['C1'], true);
    await cancel(ravi, id);
    const again = await cancel(ravi, id, 'delete');
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe('Booking already cancelled');
    const audits = await t.testDb.database.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audits.filter((entry) => entry.action === 'booking.cancel')).toHaveLength(1);
  });

  it('lets only the owner or staff cancel', async () => {
    const id = await book(asha, ['D1']);
    const other = await cancel(ravi, id);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ success: false, message: 'Not authorized' });
    expect((await t.app.inject({ method: 'PUT', url: `/api/bookings/${id}/cancel` })).statusCode).toBe(401);
    expect((await cancel(staff, id)).json().booking.status).toBe('cancelled');
    expect((await cancel(asha, '0b8ec2c4-64a4-4a57-8a53-6f7d2f3a9c11')).statusCode).toBe(404);
  });

  it("lets door staff cancel anyone's booking, with the reason they give", async () => {
    const id = await book(ravi, ['D5'], true);
    const response = await cancel(door, id, 'put', { reason: 'Double booked by phone' });
    expect(response.json()).toMatchObject({ success: true, booking: { status: 'cancelled' } });
    const audits = await t.testDb.database.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audits.find((entry) => entry.action === 'booking.cancel')?.details).toMatchObject({
      refunded: true,
      reason: 'Double booked by phone',
    });
  });

  it('refuses the buyer once the booking has been admitted at the door, before the show starts', async () => {
    const { db } = t.testDb.database;
    const movie = await insertMovie(db, { title: 'Admitted Test' });
    const soon = await insertShow(db, {
      movieId: movie.id,
      startsAt: new Date(t.clock.now.getTime() + 90 * 60_000),
      pricePaise: 30_000,
    });
    const id = await book(asha, ['A1', 'A2'], true, soon.id);
    const [{ reference }] = (await db
      .select({ reference: bookings.reference })
      .from(bookings)
      .where(eq(bookings.id, id))) as [{ reference: string }];
    const admitted = await t.app.inject({
      method: 'POST',
      url: '/api/checkin',
      headers: door.bearer,
      payload: { reference },
    });
    expect(admitted.json()).toMatchObject({ success: true, message: 'Checked in' });

    for (const form of ['put', 'delete'] as const) {
      const refused = await cancel(asha, id, form);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        success: false,
        message: 'This booking has been admitted at the door, so it can no longer be cancelled',
      });
    }
    const noReason = await cancel(door, id);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(
      'Please give a reason for cancelling a booking that has been admitted at the door',
    );
    const [still] = await db.select().from(bookings).where(eq(bookings.id, id));
    expect(still!.status).toBe('paid');
    expect(await occupiedOf(soon.id)).toEqual(expect.arrayContaining(['A1', 'A2']));

    // Staff are buyers of their own bookings: no refund for walking in themselves.
    const own = await book(door, ['B1'], true, soon.id);
    const [{ reference: ownReference }] = (await db
      .select({ reference: bookings.reference })
      .from(bookings)
      .where(eq(bookings.id, own))) as [{ reference: string }];
    const selfAdmitted = await t.app.inject({
      method: 'POST',
      url: '/api/checkin',
      headers: door.bearer,
      payload: { reference: ownReference },
    });
    expect(selfAdmitted.statusCode).toBe(200);
    const selfRefund = await cancel(door, own, 'put', { reason: 'changed my mind' });
    expect(selfRefund.statusCode).toBe(409);
    expect(selfRefund.json().message).toBe(
      'This booking has been admitted at the door, so it can no longer be cancelled',
    );

    const byStaff = await cancel(door, id, 'put', {
      reason: "Guest left ill, refunded at the manager's word",
    });
    expect(byStaff.json()).toMatchObject({ success: true, booking: { status: 'cancelled' } });
  });

  it('refuses the buyer once the show has started (paid: past the last tier of the policy, §13)', async () => {
    const id = await book(asha, ['E1'], true);
    t.clock.now = new Date(t.clock.now.getTime() + 86_400_000 + 60_000);
    const late = await cancel(asha, id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This booking can no longer be cancelled');
    const [row] = await t.testDb.database.db.select().from(bookings).where(eq(bookings.id, id));
    expect(row!.status).toBe('paid');
  });
});

describe('the cancel as a use case', () => {
  it('runs whole without HTTP: the seat map told at once, the refund carried out, its result returned', async () => {
    const { db } = t.testDb.database;
    const movie = await insertMovie(db, { title: 'Cancel Use Case' });
    const show = await insertShow(db, {
      movieId: movie.id,
      startsAt: new Date(t.clock.now.getTime() + 86_400_000),
      pricePaise: 30_000,
    });
    const id = await book(ravi, ['H1', 'H2'], true, show.id);
    const told: string[] = [];
    const seatMaps = {
      invalidate(show: string) {
        told.push(show);
        t.app.deps.seatMaps.invalidate(show);
      },
    };
    const outcome = await cancelAndRefund(
      {
        db: t.testDb.database.db,
        gateways: t.app.deps.gateways,
        clock: () => t.clock.now,
        log: t.app.log,
        seatMaps,
      },
      { bookingId: id, actor: { id: ravi.userId, isStaff: false } },
    );
    expect(outcome).toMatchObject({ changed: true, status: 'cancelled' });
    expect(told).toEqual([show.id]);
    expect(outcome.refunds).toEqual([{ id: outcome.refundId, status: 'succeeded' }]);
    const [refund] = await db.select().from(refunds).where(eq(refunds.id, outcome.refundId!));
    expect(refund).toMatchObject({ status: 'succeeded' });
    expect(await occupiedOf(show.id)).not.toContain('H1');
  });
});
