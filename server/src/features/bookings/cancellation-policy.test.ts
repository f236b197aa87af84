import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type SignedIn, type TestApp } from '../../../test/app.ts';
import { insertMovie, insertShow } from '../../fixtures/factories.ts';
import { auditLog, bookings, creditNotes, invoices, payments, refunds, users } from '../../db/schema.ts';

// CONTRACT §13: the cancellation policy. Each test books and pays three hours before a show of its
// own, then moves the app's clock to an exact instant before the start and cancels.

let t: TestApp;
let asha: SignedIn;
let admin: SignedIn;
let door: SignedIn;
let movieId: string;
const MINUTE = 60_000;
const base = Date.now() + 6 * 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.testDb.database;
  movieId = (await insertMovie(db, { title: 'Policy Test' })).id;
  asha = await signUp(t.app, { name: 'Asha' });
  admin = await signUp(t.app, { name: 'Admin' });
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
  door = await signUp(t.app, { name: 'Door' });
  await db.update(users).set({ role: 'staff' }).where(eq(users.id, door.userId));
});
afterAll(() => t.close());
beforeEach(async () => {
  // Every test starts from the contract's default tiers.
  await t.app.inject({
    method: 'PUT',
    url: '/api/admin/settings',
    headers: admin.bearer,
    payload: {
      cancellation: {
        tiers: [
          { minutesBefore: 120, refundPercent: 100 },
          { minutesBefore: 30, refundPercent: 50 },
        ],
      },
    },
  });
});

let showNumber = 0;
/** A show of its own, starting at `start`; ₹333.33 a seat so halves have a paisa to round away. */
async function newShow(pricePaise = 33_333) {
  const start = new Date(base + ++showNumber * 6 * 3_600_000);
  const show = await insertShow(t.testDb.database.db, { movieId, startsAt: start, pricePaise });
  return { id: show.id, start };
}

/** Books and pays (three hours before the start) and answers the booking's id. */
async function paidBooking(
  show: { id: string; start: Date },
  seats = ['A1'],
  pay = true,
  who = asha,
  items?: { productId: string; quantity: number }[],
) {
  t.clock.now = new Date(show.start.getTime() - 180 * MINUTE);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/bookings/create',
    headers: who.bearer,
    payload: { showId: show.id, selectedSeats: seats, items },
  });
  expect(created.statusCode, created.body).toBe(200);
  const { bookingId, url } = created.json<{ bookingId: string; url: string }>();
  if (pay) {
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${url.split('/pay/')[1]}/sandbox-pay`,
      headers: who.bearer,
      payload: {},
    });
    expect(paid.statusCode, paid.body).toBe(200);
  }
  return bookingId;
}

const at = (show: { start: Date }, msBefore: number) => {
  t.clock.now = new Date(show.start.getTime() - msBefore);
};
const quote = (id: string, who: SignedIn = asha) =>
  t.app.inject({ method: 'GET', url: `/api/bookings/${id}/cancellation`, headers: who.bearer });
const cancel = (id: string, who: SignedIn = asha, payload?: object) =>
  t.app.inject({ method: 'PUT', url: `/api/bookings/${id}/cancel`, headers: who.bearer, payload });
const db = () => t.testDb.database.db;
async function refundOf(bookingId: string) {
  const [row] = await db()
    .select({ refund: refunds })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(payments.bookingId, bookingId));
  return row?.refund;
}
async function creditNoteOf(bookingId: string) {
  const [row] = await db()
    .select({ note: creditNotes })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(eq(invoices.bookingId, bookingId));
  return row?.note;
}

describe('the policy’s tiers, exact at their boundaries', () => {
  it('GET …/cancellation answers each tier and when it ends', async () => {
    const show = await newShow();
    const id = await paidBooking(show);
    const fullUntil = new Date(show.start.getTime() - 120 * MINUTE).toISOString();
    const halfUntil = new Date(show.start.getTime() - 30 * MINUTE).toISOString();
    at(show, 120 * MINUTE);
    expect((await quote(id)).json()).toMatchObject({
      success: true,
      allowed: true,
      refundAmount: 333.33,
      refundPercent: 100,
      until: fullUntil,
    });
    at(show, 120 * MINUTE - 1);
    expect((await quote(id)).json()).toMatchObject({
      allowed: true,
      refundAmount: 166.66,
      refundPercent: 50,
      until: halfUntil,
    });
    at(show, 30 * MINUTE);
    expect((await quote(id)).json()).toMatchObject({ allowed: true, refundAmount: 166.66, until: halfUntil });
    at(show, 30 * MINUTE - 1);
    expect((await quote(id)).json()).toMatchObject({
      allowed: false,
      refundAmount: 0,
      refundPercent: 0,
      until: null,
    });
  });

  it('a buyer cancelling with exactly 120 minutes left gets everything back', async () => {
    const show = await newShow();
    const id = await paidBooking(show);
    at(show, 120 * MINUTE);
    const response = await cancel(id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().booking.refund).toMatchObject({ amount: 333.33 });
  });

  it('a millisecond later, half, rounded down to the paisa, with a credit note for the half', async () => {
    const show = await newShow();
    const id = await paidBooking(show, ['A1', 'A2', 'A3']);
    at(show, 120 * MINUTE - 1);
    const response = await cancel(id);
    expect(response.statusCode, response.body).toBe(200);
    // 3 × ₹333.33 = ₹999.99; half is 49 999.5 paise, rounded down.
    expect(response.json().booking.refund).toMatchObject({ amount: 499.99, status: 'succeeded' });
    expect((await refundOf(id))?.amountPaise).toBe(49_999);
    const note = await creditNoteOf(id);
    expect(note?.totalPaise).toBe(49_999);
    // The invoice's three equal lines scaled: shares rounded down, the remainder on the last.
    expect(note?.lines.map((line) => line.total)).toEqual([16_666, 16_666, 16_667]);
    const invoice = (
      await t.app.inject({ method: 'GET', url: `/api/bookings/${id}/invoice`, headers: asha.bearer })
    ).json();
    expect(invoice.invoice.creditNotes).toEqual([expect.objectContaining({ total: 499.99 })]);
  });

  it('with exactly 30 minutes left, still half; a millisecond later, 409 and nothing changes', async () => {
    const show = await newShow();
    const late = await paidBooking(show, ['B1']);
    const onTime = await paidBooking(show, ['B2']);
    at(show, 30 * MINUTE);
    expect((await cancel(onTime)).json().booking.refund).toMatchObject({ amount: 166.66 });
    at(show, 30 * MINUTE - 1);
    const refused = await cancel(late);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ success: false, message: 'This booking can no longer be cancelled' });
    expect((await quote(late)).json().allowed).toBe(false);
    const booking = await t.app.inject({ method: 'GET', url: `/api/bookings/${late}`, headers: asha.bearer });
    expect(booking.json().booking).toMatchObject({ status: 'paid', refund: null });
    expect(await refundOf(late)).toBeUndefined();
  });

  it('unpaid bookings can always be cancelled before the start, whatever the tier', async () => {
    const show = await newShow();
    const id = await paidBooking(show, ['C1'], false);
    at(show, 179 * MINUTE);
    // Still in its payment window, but inside no paying tier would not matter: it was never paid.
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: admin.bearer,
      payload: { cancellation: { tiers: [] } },
    });
    expect((await quote(id)).json()).toMatchObject({ allowed: true, refundAmount: 0 });
    const response = await cancel(id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ message: 'Booking cancelled', booking: { status: 'cancelled' } });
  });

  it('unpaid bookings can be cancelled after the start too: always, as §13 says', async () => {
    const show = await newShow();
    at(show, 5 * MINUTE);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/bookings/create',
      headers: asha.bearer,
      payload: { showId: show.id, selectedSeats: ['C3'] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json<{ bookingId: string }>().bookingId;
    // The show has started; the hold is still in its payment window.
    at(show, -MINUTE);
    expect((await quote(id)).json()).toMatchObject({ allowed: true, refundAmount: 0, until: null });
    const response = await cancel(id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ booking: { status: 'cancelled' } });
  });

  it("quotes staff an admitted booking's refund as their cancel gives it: the policy's amount", async () => {
    const show = await newShow();
    const id = await paidBooking(show, ['C4']);
    await db()
      .update(bookings)
      .set({ checkedInAt: new Date(show.start.getTime() - 40 * MINUTE) })
      .where(eq(bookings.id, id));
    at(show, 20 * MINUTE);
    // Its buyer may not cancel an admitted booking; staff may, and are quoted what it refunds.
    expect((await quote(id)).json()).toMatchObject({ allowed: false, refundAmount: 0 });
    at(show, 60 * MINUTE);
    const staffQuote = (await quote(id, door)).json();
    expect(staffQuote).toMatchObject({ allowed: true, refundAmount: 166.66, refundPercent: 50 });
    const cancelled = await cancel(id, door, { reason: 'Left before the film, refunded by the manager' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().booking.refund).toMatchObject({ amount: staffQuote.refundAmount });
  });

  it('follows the tiers an admin set before the booking was made', async () => {
    const show = await newShow(10_000);
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: admin.bearer,
      payload: {
        cancellation: {
          tiers: [
            { minutesBefore: 1440, refundPercent: 90 },
            { minutesBefore: 60, refundPercent: 25 },
          ],
        },
      },
    });
    const id = await paidBooking(show);
    at(show, 61 * MINUTE);
    expect((await quote(id)).json()).toMatchObject({ allowed: true, refundAmount: 25, refundPercent: 25 });
    expect((await cancel(id)).json().booking.refund).toMatchObject({ amount: 25 });
  });
});

describe('who chooses the amount', () => {
  it("refuses a buyer's refundAmount (400) and changes nothing", async () => {
    const show = await newShow();
    const id = await paidBooking(show);
    at(show, 150 * MINUTE);
    const response = await cancel(id, asha, { refundAmount: 333.33 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, message: 'Only staff can choose the refund amount' });
    expect((await quote(id)).json().allowed).toBe(true);
    expect(await refundOf(id)).toBeUndefined();
  });

  it('lets staff refund any amount from 0 to what was paid, at any time, audited with the reason', async () => {
    const show = await newShow();
    const id = await paidBooking(show, ['D1', 'D2']);
    at(show, 5 * MINUTE);
    const response = await cancel(id, door, { refundAmount: 100.5, reason: 'Projector fault in row D' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().booking).toMatchObject({ status: 'cancelled', refund: { amount: 100.5 } });
    expect((await creditNoteOf(id))?.totalPaise).toBe(10_050);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'booking.cancel')));
    expect(audit).toMatchObject({
      actorId: door.userId,
      details: {
        reason: 'Projector fault in row D',
        refundAmount: 100.5,
        policyAmount: 0,
        override: true,
        refunded: true,
      },
    });
  });

  it('answers 400 for an amount above what was paid, below 0, finer than a paisa or not a number', async () => {
    const show = await newShow();
    const id = await paidBooking(show);
    at(show, 150 * MINUTE);
    for (const [refundAmount, message] of [
      [333.34, 'refundAmount must be from 0 to 333.33'],
      [-1, 'refundAmount must be from 0 up to what was paid'],
      [1.001, 'refundAmount is whole paise'],
      ['ten', 'refundAmount must be a number of rupees'],
    ] as const) {
      const response = await cancel(id, admin, { refundAmount, reason: 'Goodwill' });
      expect(response.statusCode, String(refundAmount)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    expect(await refundOf(id)).toBeUndefined();
    // Exactly what was paid is allowed.
    const all = await cancel(id, admin, { refundAmount: 333.33, reason: 'Goodwill' });
    expect(all.json().booking.refund).toMatchObject({ amount: 333.33 });
  });

  it("left out, staff refund the policy's amount; past the last tier that is nothing, settled", async () => {
    const show = await newShow();
    const half = await paidBooking(show, ['E1']);
    const none = await paidBooking(show, ['E2']);
    at(show, 60 * MINUTE);
    expect((await cancel(half, door, { reason: 'Asked at the desk' })).json().booking.refund).toMatchObject({
      amount: 166.66,
    });
    at(show, -10 * MINUTE);
    const response = await cancel(none, door, { reason: 'Asked at the desk' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ message: 'Booking cancelled', booking: { refund: null } });
    expect(await refundOf(none)).toMatchObject({ amountPaise: 0, status: 'succeeded' });
    expect(await creditNoteOf(none)).toBeUndefined();
    const [payment] = await db().select().from(payments).where(eq(payments.bookingId, none));
    expect(payment?.status).toBe('refunded');
  });

  it('past the last tier, staff still refund the food not handed over; the buyer is quoted nothing', async () => {
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: admin.bearer,
      payload: { name: 'Late Samosa', price: 45, stock: 10 },
    });
    expect(added.statusCode, added.body).toBe(201);
    const productId = added.json<{ product: { _id: string } }>().product._id;
    const show = await newShow();
    const eaten = await paidBooking(show, ['G1'], true, asha, [{ productId, quantity: 2 }]);
    const uneaten = await paidBooking(show, ['G2'], true, asha, [{ productId, quantity: 2 }]);
    at(show, 90 * MINUTE);
    const collected = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${eaten}/collect`,
      headers: door.bearer,
    });
    expect(collected.statusCode, collected.body).toBe(200);
    at(show, 10 * MINUTE);
    expect((await quote(uneaten)).json()).toMatchObject({ allowed: false, refundAmount: 0 });
    expect((await quote(uneaten, door)).json()).toMatchObject({ allowed: false, refundAmount: 90 });
    expect(
      (await cancel(uneaten, door, { reason: 'Asked at the desk' })).json().booking.refund,
    ).toMatchObject({
      amount: 90,
    });
    expect(await refundOf(uneaten)).toMatchObject({ amountPaise: 9_000 });
    // Handed over, the food is not given back: nothing comes back past the last tier.
    expect((await cancel(eaten, door, { reason: 'Asked at the desk' })).json().booking.refund).toBeNull();
    expect(await refundOf(eaten)).toMatchObject({ amountPaise: 0 });
  });

  it('a show the cinema cancels is refunded in full, even inside the half tier', async () => {
    const show = await newShow();
    const id = await paidBooking(show, ['F1']);
    at(show, 45 * MINUTE);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/shows/${show.id}/cancel`,
      headers: admin.bearer,
      payload: {},
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await refundOf(id))?.amountPaise).toBe(33_333);
  });
});

describe('a change of the policy', () => {
  it('applies to bookings made after it: one paid before keeps its tiers, to cancel and to exchange', async () => {
    const show = await newShow();
    const before = await paidBooking(show, ['H1']);
    const stricter = [{ minutesBefore: 240, refundPercent: 100 }];
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: admin.bearer,
      payload: { cancellation: { tiers: stricter } },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await paidBooking(show, ['H2']);
    at(show, 100 * MINUTE);
    // Made under the defaults: half back 100 minutes before; made under the stricter tiers: none.
    expect((await quote(before)).json()).toMatchObject({
      allowed: true,
      refundPercent: 50,
      refundAmount: 166.66,
      tiers: [
        { minutesBefore: 120, refundPercent: 100 },
        { minutesBefore: 30, refundPercent: 50 },
      ],
    });
    expect((await quote(after)).json()).toMatchObject({ allowed: false, tiers: stricter });
    expect((await cancel(after)).statusCode).toBe(409);
    // Its exchange follows its own first tier too: open until 120 minutes before, not 240.
    at(show, 150 * MINUTE);
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${before}/exchange`,
      headers: asha.bearer,
      payload: { showId: show.id, selectedSeats: ['H3'] },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    at(show, 100 * MINUTE);
    const cancelled = await cancel(before);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await refundOf(before)).toMatchObject({ amountPaise: 16_666 });
  });
});

describe('settings.cancellation', () => {
  const put = (payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: admin.bearer, payload });

  it('answers the default tiers and takes new ones', async () => {
    const settings = (
      await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: admin.bearer })
    ).json().settings;
    expect(settings.cancellation).toEqual({
      tiers: [
        { minutesBefore: 120, refundPercent: 100 },
        { minutesBefore: 30, refundPercent: 50 },
      ],
    });
    const tiers = [{ minutesBefore: 60, refundPercent: 80 }];
    const response = await put({ cancellation: { tiers } });
    expect(response.json().settings.cancellation).toEqual({ tiers });
    const config = (await t.app.inject({ method: 'GET', url: '/api/config' })).json();
    expect(config.cancellationTiers).toEqual(tiers);
  });

  it('refuses an unknown key or a bad value with 400 naming it, and changes nothing', async () => {
    const cases: [object, string][] = [
      [{ cancellation: { window: 5 } }, 'Unknown setting: cancellation.window'],
      [
        { cancellation: { tiers: [{ minutesBefore: 60, refundPercent: 50, x: 1 }] } },
        'cancellation.tiers.0.x',
      ],
      [
        { cancellation: { tiers: [{ minutesBefore: 60, refundPercent: 101 }] } },
        'cancellation.tiers.0.refundPercent',
      ],
      [
        { cancellation: { tiers: [{ minutesBefore: -1, refundPercent: 50 }] } },
        'cancellation.tiers.0.minutesBefore',
      ],
      [
        { cancellation: { tiers: [{ minutesBefore: 1.5, refundPercent: 50 }] } },
        'cancellation.tiers.0.minutesBefore',
      ],
      [{ cancellation: { tiers: 'none' } }, 'cancellation.tiers'],
      [
        {
          cancellation: {
            tiers: [
              { minutesBefore: 30, refundPercent: 50 },
              { minutesBefore: 120, refundPercent: 100 },
            ],
          },
        },
        'cancellation.tiers.1.minutesBefore',
      ],
    ];
    for (const [payload, named] of cases) {
      const response = await put(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toContain(named);
    }
    const settings = (
      await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: admin.bearer })
    ).json().settings;
    expect(settings.cancellation.tiers[0]).toEqual({ minutesBefore: 120, refundPercent: 100 });
  });
});
