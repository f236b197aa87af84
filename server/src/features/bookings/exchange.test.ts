import { gridLayout, type CreditNotesResponse, type Layout } from '@marquee/shared';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type SignedIn, type TestApp } from '../../../test/app.ts';
import { insertMovie, insertShow } from '../../fixtures/factories.ts';
import {
  bookings,
  bookingSeats,
  creditNotes,
  emailOutbox,
  invoices,
  payments,
  refunds,
  shows,
  users,
  waitlistDue,
  waitlistEntries,
} from '../../db/schema.ts';
import { cancelShow } from '../programme/cancel-show.ts';
import { releaseExpiredHolds } from './release-expired.ts';

/** Rows A and B Standard (₹200), row C Premium (₹350). */
function twoClassLayout(): Layout {
  const layout = structuredClone(gridLayout(36)) as Layout;
  const row = layout.rows[2]!;
  for (const seat of row.seats) if (seat) (seat as { class: string }).class = 'Premium';
  return layout;
}
const prices = { Standard: 20_000, Premium: 35_000 };

let t: TestApp;
let asha: SignedIn;
let ravi: SignedIn;
let door: SignedIn;
let showId: string;
let otherShowId: string;
let startsAt: Date;

beforeAll(async () => {
  t = await createTestApp({ logger: { level: 'error' } });
  const { db } = t.testDb.database;
  const movie = await insertMovie(db, { title: 'Exchange Test' });
  startsAt = new Date(t.clock.now.getTime() + 86_400_000);
  const layout = twoClassLayout();
  showId = (await insertShow(db, { movieId: movie.id, startsAt, layout, prices })).id;
  otherShowId = (
    await insertShow(db, {
      movieId: movie.id,
      startsAt: new Date(startsAt.getTime() + 4 * 3_600_000),
      layout,
      prices,
    })
  ).id;
  asha = await signUp(t.app, { name: 'Asha' });
  ravi = await signUp(t.app, { name: 'Ravi' });
  door = await signUp(t.app, { name: 'Door' });
  await db.update(users).set({ role: 'staff' }).where(eq(users.id, door.userId));
});
afterAll(() => t.close());

const db = () => t.testDb.database.db;

async function pay(who: SignedIn, url: string) {
  const paymentId = url.split('/pay/')[1];
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/payments/${paymentId}/sandbox-pay`,
    headers: who.bearer,
    payload: {},
  });
  expect(response.statusCode).toBe(200);
}

async function book(who: SignedIn, seats: string[], forShow = showId) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/bookings/create',
    headers: who.bearer,
    payload: { showId: forShow, selectedSeats: seats },
  });
  expect(response.statusCode).toBe(200);
  const body = response.json<{ bookingId: string; url: string }>();
  await pay(who, body.url);
  return body.bookingId;
}

const exchange = (who: SignedIn, id: string, seats: string[], forShow = showId) =>
  t.app.inject({
    method: 'POST',
    url: `/api/bookings/${id}/exchange`,
    headers: who.bearer,
    payload: { showId: forShow, selectedSeats: seats },
  });

const liveSeats = async (id: string) =>
  (
    await db()
      .select({ showId: bookingSeats.showId, seat: bookingSeats.seat })
      .from(bookingSeats)
      .where(and(eq(bookingSeats.bookingId, id), eq(bookingSeats.isLive, true)))
  )
    .map((row) => `${row.showId === showId ? 'S' : 'O'}:${row.seat}`)
    .sort();

const bookingRow = async (id: string) => (await db().select().from(bookings).where(eq(bookings.id, id)))[0]!;

const invoiceOf = async (who: SignedIn, id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/bookings/${id}/invoice`, headers: who.bearer })).json<{
    invoice: { number: string; totals: { total: number }; creditNotes: { number: string; total: number }[] };
  }>().invoice;

const exchangeRefunds = async (id: string) => db().select().from(refunds).where(eq(refunds.bookingId, id));

const ticketCode = async (who: SignedIn, id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/bookings/${id}/ticket`, headers: who.bearer })).json<{
    ticket: { code: string };
  }>().ticket.code;

describe('exchanging a booking for cheaper or equal seats', () => {
  it('moves the booking at once, refunds the difference, cancels the invoice and issues a new one', async () => {
    const id = await book(asha, ['C1', 'C2']);
    const before = await bookingRow(id);
    const oldInvoice = await invoiceOf(asha, id);
    expect(oldInvoice.totals.total).toBe(700);

    const response = await exchange(asha, id, ['A1', 'A2']);
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      booking: { _id: string; reference: string; amount: number };
      url?: string;
    }>();
    expect(body.url).toBeUndefined();
    expect(body.booking).toMatchObject({
      _id: id,
      reference: before.reference,
      amount: 400,
      bookedSeats: ['A1', 'A2'],
    });
    expect(await liveSeats(id)).toEqual(['S:A1', 'S:A2']);

    const [refund, ...more] = await exchangeRefunds(id);
    expect(more).toEqual([]);
    expect(refund).toMatchObject({ amountPaise: 30_000, purpose: 'exchange:2', paymentId: null });
    const after = await bookingRow(id);
    expect(after).toMatchObject({ status: 'paid', amountPaise: 40_000, ticketVersion: 2 });

    const invoice = await invoiceOf(asha, id);
    expect(invoice.number).not.toBe(oldInvoice.number);
    expect(invoice.totals.total).toBe(400);
    expect(invoice.creditNotes).toEqual([expect.objectContaining({ total: 700 })]);
    // The note that cancels the old invoice says so, against that invoice.
    const notes = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/${id}/credit-notes`,
      headers: asha.bearer,
    });
    expect(notes.json<CreditNotesResponse>().creditNotes).toEqual([
      expect.objectContaining({
        invoiceNumber: oldInvoice.number,
        reason: 'Exchanged: this invoice was replaced by a new one',
        totals: expect.objectContaining({ total: 700 }),
      }),
    ]);
    const emails = await db().select().from(emailOutbox).where(eq(emailOutbox.bookingId, id));
    const told = emails.find((email) => email.kind === 'booking-exchanged');
    // The email states the difference given back (templates.ts says it in words).
    expect(told?.payload).toEqual({ version: 2, differencePaise: -30_000 });
  });

  it('a show the cinema cancels after a cheaper exchange gives back what is left, not what was first paid', async () => {
    const { db: database } = t.testDb.database;
    const [show] = await db().select().from(shows).where(eq(shows.id, showId));
    const doomed = (
      await insertShow(database, {
        movieId: show!.movieId,
        startsAt: new Date(startsAt.getTime() + 8 * 3_600_000),
        layout: twoClassLayout(),
        prices,
      })
    ).id;
    const id = await book(asha, ['C1', 'C2'], doomed); // ₹700
    expect((await exchange(asha, id, ['A1', 'A2'], doomed)).statusCode).toBe(200); // ₹300 back
    const outcome = await cancelShow({
      db: database,
      showId: doomed,
      actorId: null,
      now: t.clock.now,
      timeZone: 'Asia/Kolkata',
    });
    const given = await db().select().from(refunds).where(inArray(refunds.id, outcome.refundIds));
    expect(given.map((refund) => refund.amountPaise)).toEqual([40_000]);
  });

  it('takes seats overlapping its own (A1, A2 → A2, A3) and moves to the same seat of another show', async () => {
    const id = await book(asha, ['B1', 'B2']);
    expect((await exchange(asha, id, ['B2', 'B3'])).statusCode).toBe(200);
    expect(await liveSeats(id)).toEqual(['S:B2', 'S:B3']);
    expect((await exchange(asha, id, ['B2', 'B3'], otherShowId)).statusCode).toBe(200);
    expect(await liveSeats(id)).toEqual(['O:B2', 'O:B3']);
    // And back to seats it held before.
    expect((await exchange(asha, id, ['B2', 'B3'], showId)).statusCode).toBe(200);
    expect(await liveSeats(id)).toEqual(['S:B2', 'S:B3']);
    expect(await exchangeRefunds(id)).toEqual([]);
    expect((await bookingRow(id)).ticketVersion).toBe(4);
  });

  it('refuses the old ticket code at the door, admits the new one', async () => {
    const id = await book(ravi, ['A7', 'A8']);
    const oldCode = await ticketCode(ravi, id);
    expect((await exchange(ravi, id, ['A9', 'A10'])).statusCode).toBe(200);
    const newCode = await ticketCode(ravi, id);
    expect(newCode).not.toBe(oldCode);
    // The ticket the buyer shares with the group carries the new code too.
    const link = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${id}/share`,
      headers: ravi.bearer,
    });
    const token = link.json<{ url: string }>().url.split('/share/')[1]!;
    const shared = await t.app.inject({ method: 'GET', url: `/api/share/${token}` });
    expect(shared.json<{ ticket: { code: string } }>().ticket.code).toBe(newCode);
    const was = t.clock.now;
    t.clock.now = new Date(startsAt.getTime() - 30 * 60_000);
    try {
      const old = await t.app.inject({
        method: 'POST',
        url: '/api/checkin',
        headers: door.bearer,
        payload: { code: oldCode },
      });
      expect(old.statusCode).toBe(409);
      expect(old.json()).toMatchObject({ message: 'This ticket was exchanged' });
      const current = await t.app.inject({
        method: 'POST',
        url: '/api/checkin',
        headers: door.bearer,
        payload: { code: newCode },
      });
      expect(current.statusCode).toBe(200);
    } finally {
      t.clock.now = was;
    }
  });

  it('frees the old seats for the waiting list', async () => {
    const id = await book(ravi, ['B9', 'B10']);
    await db().insert(waitlistEntries).values({
      id: randomUUID(),
      showId,
      userId: asha.userId,
      quantity: 2,
      joinedAt: t.clock.now,
    });
    await db().delete(waitlistDue);
    expect((await exchange(ravi, id, ['B9', 'B10'], otherShowId)).statusCode).toBe(200);
    expect(await db().select().from(waitlistDue).where(eq(waitlistDue.showId, showId))).toHaveLength(1);
    await db().delete(waitlistEntries).where(eq(waitlistEntries.showId, showId));
  });
});

describe('exchanging a booking for dearer seats', () => {
  it('holds the new seats until the difference is paid, then moves the booking', async () => {
    const id = await book(asha, ['A3', 'A4']);
    const response = await exchange(asha, id, ['C3', 'C4']);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ url: string; booking: { bookedSeats: string[]; amount: number } }>();
    expect(body.url).toContain('/pay/');
    // Nothing moved yet: the old seats are the booking's, the new ones held for it.
    expect(body.booking).toMatchObject({ bookedSeats: ['A3', 'A4'], amount: 400 });
    expect(await liveSeats(id)).toEqual(['S:A3', 'S:A4']);
    const [hold] = await db().select().from(bookings).where(eq(bookings.exchangeOf, id));
    expect(hold).toMatchObject({ status: 'pending', amountPaise: 30_000, channel: 'exchange' });
    expect(await liveSeats(hold!.id)).toEqual(['S:C3', 'S:C4']);
    // One unpaid difference at a time.
    const again = await exchange(asha, id, ['C5', 'C6']);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'An exchange of this booking is waiting for payment' });
    // The hold is not one of the buyer's bookings; the booking says a change waits for payment.
    const mine = (
      await t.app.inject({ method: 'GET', url: '/api/bookings/user', headers: asha.bearer })
    ).json<{
      bookings: { _id: string; exchange: unknown }[];
    }>();
    expect(mine.bookings.map((b) => b._id)).not.toContain(hold!.id);
    expect(mine.bookings.find((b) => b._id === id)?.exchange).toMatchObject({
      _id: hold!.id,
      showId,
      bookedSeats: ['C3', 'C4'],
      amount: 300,
      paymentLink: body.url,
    });
    // The payment page's booking is the hold, which names the booking it changes.
    const page = (
      await t.app.inject({
        method: 'GET',
        url: `/api/payments/${body.url.split('/pay/')[1]}`,
        headers: asha.bearer,
      })
    ).json<{ booking: { channel: string; exchangeOf: unknown } }>();
    expect(page.booking).toMatchObject({
      channel: 'exchange',
      exchangeOf: { _id: id, reference: (await bookingRow(id)).reference, bookedSeats: ['A3', 'A4'] },
    });

    await pay(asha, body.url);
    expect(await liveSeats(id)).toEqual(['S:C3', 'S:C4']);
    expect(await liveSeats(hold!.id)).toEqual([]);
    expect(await bookingRow(id)).toMatchObject({ status: 'paid', amountPaise: 70_000, ticketVersion: 2 });
    const paid = await db().select().from(payments).where(eq(payments.bookingId, id));
    expect(paid.map((p) => p.amountPaise).sort()).toEqual([30_000, 40_000]);
    const invoice = await invoiceOf(asha, id);
    expect(invoice.totals.total).toBe(700);
    expect(invoice.creditNotes.map((n) => n.total)).toEqual([400]);
    const [told] = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.bookingId, id), eq(emailOutbox.kind, 'booking-exchanged')));
    expect(told?.payload).toEqual({ version: 2, differencePaise: 30_000 });
    const paidView = (
      await t.app.inject({ method: 'GET', url: `/api/bookings/${id}`, headers: asha.bearer })
    ).json<{ booking: { exchange: unknown; bookedSeats: string[] } }>().booking;
    expect(paidView).toMatchObject({ exchange: null, bookedSeats: ['C3', 'C4'] });

    // Cancelled later: everything paid comes back (full tier), split over both payments.
    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/api/bookings/${id}/cancel`,
      headers: asha.bearer,
    });
    expect(cancel.statusCode).toBe(200);
    const back = await db()
      .select({ amount: refunds.amountPaise })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(payments.bookingId, id));
    expect(back.map((r) => r.amount).sort()).toEqual([30_000, 40_000]);
  });

  it('lets an unpaid difference lapse with nothing else changed', async () => {
    const id = await book(ravi, ['A11', 'A12']);
    const response = await exchange(ravi, id, ['C11', 'C12']);
    expect(response.statusCode).toBe(200);
    const was = t.clock.now;
    t.clock.now = new Date(was.getTime() + 3_600_000);
    try {
      await releaseExpiredHolds({ db: db(), now: t.clock.now });
      expect(await liveSeats(id)).toEqual(['S:A11', 'S:A12']);
      expect(await bookingRow(id)).toMatchObject({ status: 'paid', amountPaise: 40_000, ticketVersion: 1 });
      // Another exchange may start now.
      expect((await exchange(ravi, id, ['C11', 'C12'])).statusCode).toBe(200);
    } finally {
      t.clock.now = was;
    }
  });
});

describe('the cancellation quote of an exchanged booking', () => {
  let ownShow: string;
  let admin: SignedIn;
  /** A show of the first one's film, two classes, `hours` after it. */
  const laterShow = async (hours: number) => {
    const [show] = await db().select().from(shows).where(eq(shows.id, showId));
    return (
      await insertShow(t.testDb.database.db, {
        movieId: show!.movieId,
        startsAt: new Date(startsAt.getTime() + hours * 3_600_000),
        layout: twoClassLayout(),
        prices,
      })
    ).id;
  };
  beforeAll(async () => {
    admin = await signUp(t.app, { name: 'Admin' });
    await db().update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
    ownShow = await laterShow(20);
  });
  const quote = async (who: SignedIn, id: string) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/bookings/${id}/cancellation`, headers: who.bearer })
    ).json<{ allowed: boolean; refundAmount: number; paidAmount: number }>();
  /** Cancels as staff with the amount the staff dialog starts from: the quote's. */
  const cancelAsStaff = (id: string, refundAmount: number) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/bookings/${id}/cancel`,
      headers: door.bearer,
      payload: { refundAmount },
    });
  /** What the cancel gave back: the refunds of the booking's payments (an exchange's have none). */
  const refundedPaise = async (id: string) =>
    (
      await db()
        .select({ amountPaise: refunds.amountPaise })
        .from(refunds)
        .innerJoin(payments, eq(payments.id, refunds.paymentId))
        .where(eq(payments.bookingId, id))
    ).reduce((sum, refund) => sum + refund.amountPaise, 0);

  it('after a cheaper exchange: what is left of the payment, and the cancel gives back that', async () => {
    const id = await book(ravi, ['C1', 'C2'], ownShow); // ₹700
    expect((await exchange(ravi, id, ['A1', 'A2'], ownShow)).statusCode).toBe(200); // ₹300 back
    const staffQuote = await quote(door, id);
    expect(staffQuote).toMatchObject({ allowed: true, paidAmount: 400 });
    expect(await quote(ravi, id)).toMatchObject({ paidAmount: 400, refundAmount: staffQuote.refundAmount });
    const cancelled = await cancelAsStaff(id, staffQuote.refundAmount);
    expect(cancelled.statusCode).toBe(200);
    expect(await refundedPaise(id)).toBe(staffQuote.refundAmount * 100);

    // Both refunds, the difference's and the cancel's, name the booking on the admin's list.
    const listed = (
      await t.app.inject({ method: 'GET', url: '/api/admin/refunds', headers: admin.bearer })
    ).json<{ refunds: { booking: string | null; reference: string | null; amount: number }[] }>();
    const { reference } = await bookingRow(id);
    const ofBooking = listed.refunds.filter((refund) => refund.booking === id);
    expect(
      ofBooking.map(({ reference, amount }) => ({ reference, amount })).sort((a, b) => a.amount - b.amount),
    ).toEqual([
      { reference, amount: 300 },
      { reference, amount: staffQuote.refundAmount },
    ]);
  });

  it('after a dearer exchange: both payments, and the cancel can give back all of it', async () => {
    const id = await book(ravi, ['A3', 'A4'], ownShow); // ₹400
    const changed = await exchange(ravi, id, ['C3', 'C4'], ownShow);
    await pay(ravi, changed.json<{ url: string }>().url); // ₹300 more
    const staffQuote = await quote(door, id);
    expect(staffQuote).toMatchObject({ allowed: true, paidAmount: 700 });
    const cancelled = await cancelAsStaff(id, staffQuote.paidAmount);
    expect(cancelled.statusCode).toBe(200);
    expect(await refundedPaise(id)).toBe(70_000);
    // One refund per payment, and the booking shows their sum: what the cancel gave back.
    expect(cancelled.json().booking.refund).toMatchObject({ amount: 700 });
    const read = await t.app.inject({ method: 'GET', url: `/api/bookings/${id}`, headers: ravi.bearer });
    expect(read.json().booking.refund).toMatchObject({ amount: 700 });
  });
  it('a show the cinema cancels after a dearer exchange counts the booking once, refunded through both payments', async () => {
    const ownShowToCancel = await laterShow(30);
    const id = await book(ravi, ['A5', 'A6'], ownShowToCancel); // ₹400
    const changed = await exchange(ravi, id, ['C5', 'C6'], ownShowToCancel);
    await pay(ravi, changed.json<{ url: string }>().url); // ₹300 more
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/shows/${ownShowToCancel}/cancel`,
      headers: admin.bearer,
      payload: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      message: 'Show cancelled. 1 booking cancelled, 1 refunded',
      cancelledBookings: 1,
      refundedBookings: 1,
    });
    expect(await refundedPaise(id)).toBe(70_000);
  });
});

describe('the single-seat rule in a dearer change within the show', () => {
  it('is judged on the row as it will be: the seat given up counts as free', async () => {
    // Row A: A1–A6 Standard (₹200), A7–A12 Premium (₹350).
    const layout = structuredClone(gridLayout(24)) as Layout;
    for (const seat of layout.rows[0]!.seats.slice(6))
      if (seat) (seat as { class: string }).class = 'Premium';
    const [show] = await db().select().from(shows).where(eq(shows.id, showId));
    const mixed = (
      await insertShow(t.testDb.database.db, {
        movieId: show!.movieId,
        startsAt: new Date(startsAt.getTime() + 12 * 3_600_000),
        layout,
        prices,
      })
    ).id;
    await book(ravi, ['A4'], mixed);
    const id = await book(asha, ['A5', 'A6'], mixed);
    // This suite's app has the rule off (server/test/app.ts); the routes read it per request.
    const config = t.config as { SEAT_GAP_RULE: string };
    config.SEAT_GAP_RULE = 'on';
    try {
      // A6, A7 leaves A5 alone between Ravi's A4 and the new A6, once A5 is given up.
      const stranding = await exchange(asha, id, ['A6', 'A7'], mixed);
      expect(stranding.statusCode).toBe(409);
      expect(stranding.json()).toMatchObject({ message: expect.stringContaining('Seat A5 would be left') });
      expect(await liveSeats(id)).toEqual(['S:A5', 'S:A6'].map((s) => s.replace('S', 'O')));
      // A7, A8 leaves A5, A6 free together: allowed.
      expect((await exchange(asha, id, ['A7', 'A8'], mixed)).statusCode).toBe(200);
    } finally {
      config.SEAT_GAP_RULE = 'off';
    }
  });
});

describe('a wheelchair user changing seats', () => {
  it('moves into a held-back wheelchair space and its companion seat only with accessible: true', async () => {
    // Row A: a wheelchair space at A1 and its companion seat A2 (CONTRACT §7).
    const layout = structuredClone(gridLayout(24)) as Layout;
    (layout.rows[0]!.seats[0] as { kind: string }).kind = 'wheelchair';
    (layout.rows[0]!.seats[1] as { kind: string }).kind = 'companion';
    const [show] = await db().select().from(shows).where(eq(shows.id, showId));
    const accessibleShow = (
      await insertShow(t.testDb.database.db, {
        movieId: show!.movieId,
        startsAt: new Date(startsAt.getTime() + 16 * 3_600_000),
        layout,
        prices,
      })
    ).id;
    const id = await book(asha, ['B5', 'B6'], accessibleShow);
    const refused = await exchange(asha, id, ['A1', 'A2'], accessibleShow);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: expect.stringContaining('wheelchair') });
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${id}/exchange`,
      headers: asha.bearer,
      payload: { showId: accessibleShow, selectedSeats: ['A1', 'A2'], accessible: true },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await liveSeats(id)).toEqual(['O:A1', 'O:A2']);
  });
});

describe('what an exchange refuses', () => {
  it('answers 400 for another number of seats or the same seats, 409 for a taken seat, changing nothing', async () => {
    const id = await book(asha, ['B11', 'B12']);
    const fewer = await exchange(asha, id, ['B5']);
    expect(fewer.statusCode).toBe(400);
    expect(fewer.json()).toMatchObject({ message: 'Choose 2 seats, as many as the booking has' });
    expect((await exchange(asha, id, ['B12', 'B11'])).statusCode).toBe(400);
    await book(ravi, ['B7', 'B8']);
    const taken = await exchange(asha, id, ['B7', 'B8']);
    expect(taken.statusCode).toBe(409);
    expect(await liveSeats(id)).toEqual(['S:B11', 'S:B12']);
    expect(await bookingRow(id)).toMatchObject({ ticketVersion: 1, amountPaise: 40_000 });
  });

  it('refuses someone else, and a booking not paid', async () => {
    const id = await book(asha, ['A5', 'A6']);
    expect((await exchange(ravi, id, ['B5', 'B6'])).statusCode).toBe(403);
    const pending = (
      await t.app.inject({
        method: 'POST',
        url: '/api/bookings/create',
        headers: ravi.bearer,
        payload: { showId: otherShowId, selectedSeats: ['A1'] },
      })
    ).json<{ bookingId: string }>().bookingId;
    const unpaid = await exchange(ravi, pending, ['A2'], otherShowId);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json()).toMatchObject({ message: 'Only a paid booking can be changed' });
    await t.app.inject({ method: 'PUT', url: `/api/bookings/${pending}/cancel`, headers: ravi.bearer });
  });

  it('is allowed until the first tier ends, to the millisecond', async () => {
    const id = await book(asha, ['C7', 'C8']);
    const cutOff = new Date(startsAt.getTime() - 120 * 60_000);
    const was = t.clock.now;
    try {
      t.clock.now = new Date(cutOff.getTime() + 1);
      const late = await exchange(asha, id, ['C9', 'C10']);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ message: 'This booking can no longer be changed' });
      t.clock.now = cutOff;
      expect((await exchange(asha, id, ['C9', 'C10'])).statusCode).toBe(200);
    } finally {
      t.clock.now = was;
    }
  });
});

describe('exchanges at the same moment', () => {
  it('two exchanges of one booking run one after the other: one set of seats, money consistent', async () => {
    const id = await book(ravi, ['B3', 'B4'], otherShowId);
    const [first, second] = await Promise.all([
      exchange(ravi, id, ['A3', 'A4'], otherShowId),
      exchange(ravi, id, ['A5', 'A6'], otherShowId),
    ]);
    expect([first.statusCode, second.statusCode].filter((code) => code === 200).length).toBeGreaterThan(0);
    const booking = await bookingRow(id);
    const live = await liveSeats(id);
    expect(live).toHaveLength(2);
    expect(live).toEqual(booking.seats.map((seat) => `O:${seat}`).sort());
    expect(booking.ticketVersion).toBe(1 + [first, second].filter((r) => r.statusCode === 200).length);
  });

  it('an exchange racing a cancel: either the exchanged booking is cancelled, or the cancel came first', async () => {
    const id = await book(asha, ['C1', 'C2'], otherShowId);
    const [moved, cancelled] = await Promise.all([
      exchange(asha, id, ['A7', 'A8'], otherShowId),
      t.app.inject({ method: 'PUT', url: `/api/bookings/${id}/cancel`, headers: asha.bearer }),
    ]);
    expect(cancelled.statusCode).toBe(200);
    const booking = await bookingRow(id);
    expect(booking.status).toBe('cancelled');
    expect(await liveSeats(id)).toEqual([]);
    // Whatever the order, what came back is what was paid: 700 (the exchange's 300, the cancel's rest).
    const [paid] = await db().select().from(payments).where(eq(payments.bookingId, id));
    const back = await db()
      .select({ sum: sql<number>`coalesce(sum(${refunds.amountPaise}), 0)`.mapWith(Number) })
      .from(refunds)
      .where(and(eq(refunds.gateway, paid!.gateway), eq(refunds.paymentRef, paid!.gatewayRef)));
    expect(back[0]!.sum).toBe(70_000);
    if (moved.statusCode !== 200) expect(moved.statusCode).toBe(409);
    // The credit notes of the booking's invoices never exceed what they invoiced.
    const over = await db().execute(sql`
      select i.number from ${invoices} i
      where i.booking_id = ${id} and (select coalesce(sum(total_paise), 0) from ${creditNotes} c where c.invoice_id = i.id) > i.total_paise`);
    expect((over as unknown as { rows: unknown[] }).rows).toEqual([]);
  });
});
