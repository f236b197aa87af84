import {
  layoutSchema,
  type Booking,
  type CounterBookingResponse,
  type CounterSaleResponse,
  type Shift,
  type ShiftsResponse,
  addDays,
  zonedDate,
} from '@marquee/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type SignedIn, type TestApp } from '../../../test/app.ts';
import { carryOutRefunds } from '../payments/index.ts';
import { insertMovie, insertShow } from '../../fixtures/factories.ts';
import {
  bookingSeats,
  counterRefunds,
  creditNotes,
  invoices,
  payments,
  refunds,
  shifts,
  shows,
  users,
} from '../../db/schema.ts';

// CONTRACT §11: shifts, counter sales through the online hold, the cash-up, counter refunds.

let t: TestApp;
let admin: SignedIn;
let staff: SignedIn[];
let buyer: SignedIn;
let movieId: string;

beforeAll(async () => {
  // The online holding limits as production has them: the counter is not bound by them.
  t = await createTestApp({ env: { UNPAID_BOOKINGS_PER_SHOW: '1', UNPAID_BOOKINGS_LIMIT: '3' } });
  const { db } = t.testDb.database;
  movieId = (await insertMovie(db, { title: 'Counter Story' })).id;
  admin = await signUp(t.app, { name: 'Admin' });
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
  staff = [];
  for (let i = 0; i < 6; i++) {
    const one = await signUp(t.app, { name: `Cashier ${i}` });
    await db.update(users).set({ role: 'staff' }).where(eq(users.id, one.userId));
    staff.push(one);
  }
  buyer = await signUp(t.app, { name: 'Buyer' });
});
afterAll(() => t.close());

const db = () => t.testDb.database.db;
let showOffset = 0;
async function newShow(pricePaise = 25_000, fields: Parameters<typeof insertShow>[1] | object = {}) {
  const startsAt = new Date(t.clock.now.getTime() + 86_400_000 + ++showOffset * 60_000);
  return (await insertShow(db(), { movieId, startsAt, pricePaise, ...fields })).id;
}
const call = (method: 'GET' | 'POST', url: string, who?: SignedIn, payload?: object) =>
  t.app.inject({ method, url, headers: who?.bearer ?? {}, ...(payload ? { payload } : {}) });
const openShift = (who: SignedIn, openingFloat = 1000) =>
  call('POST', '/api/boxoffice/shifts', who, { openingFloat });
const sell = (who: SignedIn, body: object) => call('POST', '/api/boxoffice/sales', who, body);
const cash = (showId: string, seats: string[], tendered?: number) => ({
  showId,
  selectedSeats: seats,
  payment: { method: 'cash', ...(tendered === undefined ? {} : { tendered }) },
});
const closeShift = (who: SignedIn, shiftId: string, countedCash: number) =>
  call('POST', `/api/boxoffice/shifts/${shiftId}/close`, who, { countedCash });

describe('who may use the box office', () => {
  it('answers 401 to no one and 403 to a buyer on every call', async () => {
    const calls: ['GET' | 'POST', string, object?][] = [
      ['POST', '/api/boxoffice/shifts', { openingFloat: 0 }],
      ['GET', '/api/boxoffice/shifts/current'],
      ['GET', '/api/boxoffice/shifts'],
      ['GET', '/api/boxoffice/shifts/00000000-0000-4000-8000-000000000000'],
      ['POST', '/api/boxoffice/shifts/00000000-0000-4000-8000-000000000000/close', { countedCash: 0 }],
      ['POST', '/api/boxoffice/sales', {}],
      ['POST', '/api/boxoffice/refunds', {}],
      ['GET', '/api/boxoffice/bookings/ABCDEF'],
    ];
    for (const [method, url, body] of calls) {
      const anonymous = await call(method, url, undefined, body);
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json()).toEqual({ success: false, message: 'Authentication required' });
      const asBuyer = await call(method, url, buyer, body);
      expect(asBuyer.statusCode, url).toBe(403);
      expect(asBuyer.json()).toEqual({ success: false, message: 'Not authorized' });
    }
  });
});

describe('shifts', () => {
  it('opens one shift per person, shows it as current, and only to its owner and admins', async () => {
    const [me, other] = [staff[0]!, staff[1]!];
    expect((await call('GET', '/api/boxoffice/shifts/current', me)).json()).toMatchObject({ shift: null });
    const opened = await openShift(me, 1500.5);
    expect(opened.statusCode, opened.body).toBe(201);
    const shift = opened.json<{ shift: Shift }>().shift;
    expect(shift).toMatchObject({ openingFloat: 1500.5, closedAt: null, cashSales: 0, expectedCash: 1500.5 });
    const again = await openShift(me);
    expect(again.statusCode).toBe(409);
    expect((await call('GET', '/api/boxoffice/shifts/current', me)).json()).toMatchObject({
      shift: { _id: shift._id },
    });
    expect((await call('GET', `/api/boxoffice/shifts/${shift._id}`, other)).statusCode).toBe(403);
    expect((await call('GET', `/api/boxoffice/shifts/${shift._id}`, admin)).statusCode).toBe(200);
    expect((await call('GET', '/api/boxoffice/shifts/not-a-shift', me)).statusCode).toBe(404);
    expect((await openShift(other, -1)).statusCode).toBe(400);
  });

  it('opens one shift when two opens race (the partial unique index decides)', async () => {
    const me = staff[5]!;
    const answers = await Promise.all(Array.from({ length: 4 }, () => openShift(me)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const open = await db()
      .select()
      .from(shifts)
      .where(and(eq(shifts.userId, me.userId), sql`${shifts.closedAt} is null`));
    expect(open).toHaveLength(1);
  });

  it('closes once; a closed shift never changes, even written to directly', async () => {
    const me = staff[2]!;
    const shift = (await openShift(me, 200)).json<{ shift: Shift }>().shift;
    const closed = await closeShift(me, shift._id, 190);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json<{ shift: Shift }>().shift).toMatchObject({
      countedCash: 190,
      expectedCash: 200,
      variance: -10,
    });
    const twice = await closeShift(me, shift._id, 200);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This shift is closed');
    const direct = await db()
      .update(shifts)
      .set({ countedCashPaise: 20_000 })
      .where(eq(shifts.id, shift._id))
      .then(
        () => null,
        (error: Error) => error,
      );
    expect(String((direct?.cause as Error | undefined)?.message ?? direct)).toMatch(/This shift is closed/);
    const [row] = await db().select().from(shifts).where(eq(shifts.id, shift._id));
    expect(row!.countedCashPaise).toBe(19_000);
    // And with no open shift, nothing is sold.
    const refused = await sell(me, cash(await newShow(), ['A1']));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ success: false, message: 'Open a shift first' });
  });
});

describe('selling at the counter', () => {
  let seller: SignedIn;
  beforeAll(async () => {
    seller = staff[3]!;
    expect((await openShift(seller, 1000)).statusCode).toBe(201);
  });

  it('sells for cash: a paid counter booking with its invoice, the change answered', async () => {
    const showId = await newShow(25_000);
    const response = await sell(seller, {
      ...cash(showId, ['C5', 'C6'], 600),
      customer: {
        name: 'Asha Rao',
        phone: '98765 43210',
        email: 'asha@example.com',
        gstin: '29aagcb7383j1z4',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<CounterSaleResponse>();
    expect(body.success).toBe(true);
    expect(body.change).toBe(100);
    expect(body.booking).toMatchObject({
      status: 'paid',
      isPaid: true,
      channel: 'counter',
      complimentary: false,
      amount: 500,
      bookedSeats: ['C5', 'C6'],
    });
    expect(body.booking.invoiceNumber).toMatch(/^MQ\d{4}-\d{6}$/);
    expect(body.sale).toMatchObject({
      method: 'cash',
      tendered: 600,
      change: 100,
      customer: { name: 'Asha Rao', phone: '+919876543210', email: 'asha@example.com' },
    });
    const [invoice] = await db().select().from(invoices).where(eq(invoices.bookingId, body.booking._id));
    expect(invoice).toMatchObject({
      buyerName: 'Asha Rao',
      buyerGstin: '29AAGCB7383J1Z4',
      totalPaise: 50_000,
    });
    // The ticket is like any other.
    const ticket = await call('GET', `/api/bookings/${body.booking._id}/ticket`, seller);
    expect(ticket.statusCode, ticket.body).toBe(200);
    // The seller's own bookings do not list the customer's.
    const mine = await call('GET', '/api/bookings/user?status=all', seller);
    expect(mine.json<{ bookings: Booking[] }>().bookings.map((b) => b._id)).not.toContain(body.booking._id);
    // Found by its reference, typed loosely.
    const found = await call(
      'GET',
      `/api/boxoffice/bookings/${body.booking.reference.toLowerCase()}`,
      staff[0],
    );
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json<CounterBookingResponse>()).toMatchObject({
      booking: { _id: body.booking._id },
      sale: { method: 'cash' },
    });
    expect((await call('GET', '/api/boxoffice/bookings/ZZZZZZZZ', seller)).statusCode).toBe(404);
    // Refunded only at the counter, never through the online cancel.
    const cancel = await call('POST', `/api/bookings/${body.booking._id}/cancel`, admin);
    expect([404, 409]).toContain(cancel.statusCode);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/bookings/${body.booking._id}/cancel`,
      headers: admin.bearer,
    });
    expect(put.statusCode).toBe(409);
  });

  it('refuses short cash, card or UPI without a reference, items, and anything without a shift', async () => {
    const showId = await newShow(25_000);
    const short = await sell(seller, cash(showId, ['D1', 'D2'], 499.99));
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ success: false, message: 'Tendered cash is less than the total' });
    for (const method of ['card', 'upi']) {
      const bare = await sell(seller, { showId, selectedSeats: ['D1'], payment: { method } });
      expect(bare.statusCode).toBe(400);
      expect(bare.json().message).toBe('Card and UPI payments need a reference');
    }
    const food = await sell(seller, { ...cash(showId, ['D1']), items: [{ productId: 'x', quantity: 1 }] });
    expect(food.statusCode).toBe(400);
    expect(food.json().message).toBe('Product not found');
    // None of it held a seat.
    const live = await db().select().from(bookingSeats).where(eq(bookingSeats.showId, showId));
    expect(live).toHaveLength(0);
    // Exact cash with no tendered amount, and card with its reference.
    expect((await sell(seller, cash(showId, ['D1']))).json()).toMatchObject({ change: 0 });
    const card = await sell(seller, {
      showId,
      selectedSeats: ['D2'],
      payment: { method: 'card', reference: 'TID-4411' },
    });
    expect(card.statusCode, card.body).toBe(201);
    expect(card.json<CounterSaleResponse>().sale).toMatchObject({
      method: 'card',
      paymentReference: 'TID-4411',
    });
    // Seats taken: 409 naming them.
    const taken = await sell(seller, cash(showId, ['D2', 'D3']));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toContain('D2');
  });

  it('is not bound by the online holding limits, and staff may sell held-back wheelchair spaces', async () => {
    const showId = await newShow(25_000, {
      layout: layoutSchema.parse({
        rows: [
          {
            seats: [
              { class: 'Classic', kind: 'wheelchair' },
              { class: 'Classic', kind: 'companion' },
              ...Array.from({ length: 6 }, () => ({ class: 'Classic', kind: 'seat' })),
            ],
          },
        ],
      }),
      prices: { Classic: 25_000 },
    });
    // The seller's own unpaid online booking for this show does not stop the counter.
    const own = await call('POST', '/api/bookings/create', seller, { showId, selectedSeats: ['A8'] });
    expect(own.statusCode, own.body).toBe(200);
    for (const seats of [['A3'], ['A4'], ['A5'], ['A6']]) {
      const response = await sell(seller, cash(showId, seats));
      expect(response.statusCode, response.body).toBe(201);
    }
    // A buyer may not take the wheelchair space yet; the counter may.
    const online = await call('POST', '/api/bookings/create', buyer, { showId, selectedSeats: ['A1'] });
    expect(online.statusCode).toBe(409);
    const counter = await sell(seller, cash(showId, ['A1', 'A2']));
    expect(counter.statusCode, counter.body).toBe(201);
  });

  it('sells seats of a show days ahead too (advance booking at the counter)', async () => {
    expect((await openShift(seller, 0)).statusCode).toBeOneOf([201, 409]);
    const later = (
      await insertShow(db(), {
        movieId,
        startsAt: new Date(t.clock.now.getTime() + 3 * 86_400_000 + ++showOffset * 60_000),
        pricePaise: 25_000,
      })
    ).id;
    const sale = await sell(seller, cash(later, ['C1'], 250));
    expect(sale.statusCode, sale.body).toBe(201);
  });

  it('gives comps to admins only, at ₹0 with no payment and no invoice', async () => {
    const showId = await newShow(25_000);
    const refused = await sell(seller, { showId, selectedSeats: ['E1'], complimentary: true });
    expect(refused.statusCode).toBe(403);
    expect((await openShift(admin, 0)).statusCode).toBe(201);
    const comp = await sell(admin, { showId, selectedSeats: ['E1', 'E2'], complimentary: true });
    expect(comp.statusCode, comp.body).toBe(201);
    const body = comp.json<CounterSaleResponse>();
    expect(body.booking).toMatchObject({
      status: 'paid',
      complimentary: true,
      amount: 0,
      invoiceNumber: null,
    });
    expect(body.change).toBe(0);
    expect(body.sale.method).toBe('comp');
    // Not cancelled online (refunded at the counter), so the online quote does not offer it.
    const quote = await call('GET', `/api/bookings/${body.booking._id}/cancellation`, admin);
    expect(quote.json()).toMatchObject({ allowed: false, refundAmount: 0 });
    // Paid, yet no invoice: the invoice call says why in words, not that it is unpaid.
    const invoice = await call('GET', `/api/bookings/${body.booking._id}/invoice`, admin);
    expect(invoice.statusCode).toBe(409);
    expect(invoice.json().message).toBe(
      'A complimentary booking has no tax invoice: nothing was sold for a price',
    );
  });
});

describe('the cash-up and counter refunds', () => {
  it('adds up sales and refunds by method in the shifts they happened in', async () => {
    const [first, second] = [staff[4]!, staff[0]!];
    // staff[0] has a shift open from the first test (float 1500.50).
    const shift = (await openShift(first, 2000)).json<{ shift: Shift }>().shift;
    const showId = await newShow(25_000);
    const a = (await sell(first, cash(showId, ['F1', 'F2'], 1000))).json<CounterSaleResponse>(); // 500 cash
    await sell(first, { showId, selectedSeats: ['F3'], payment: { method: 'card', reference: 'C1' } }); // 250 card
    const c = (
      await sell(first, { showId, selectedSeats: ['F4', 'F5'], payment: { method: 'upi', reference: 'U1' } })
    ).json<CounterSaleResponse>(); // 500 upi
    // Refunds: a's cash in part by this cashier; c's UPI in full by the other, in the other's shift.
    const partial = await call('POST', '/api/boxoffice/refunds', first, {
      bookingId: a.booking._id,
      reason: 'Left early',
      refundAmount: 120.5,
    });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json()).toMatchObject({
      booking: { status: 'cancelled' },
      refund: { method: 'cash', amount: 120.5, status: 'succeeded' },
    });
    const again = await call('POST', '/api/boxoffice/refunds', second, {
      bookingId: a.booking._id,
      reason: 'x',
    });
    expect(again.statusCode).toBe(409);
    const upi = await call('POST', '/api/boxoffice/refunds', second, {
      bookingId: c.booking._id,
      reason: 'Wrong show',
    });
    expect(upi.json()).toMatchObject({ refund: { method: 'upi', amount: 500 } });
    // Each refund has its credit note, and the seats are free again.
    const notes = await db()
      .select({ total: creditNotes.totalPaise })
      .from(creditNotes)
      .innerJoin(refunds, eq(refunds.id, creditNotes.refundId))
      .where(sql`${refunds.paymentRef} in (${a.booking._id}, ${c.booking._id})`);
    expect(notes.map((n) => n.total).sort((x, y) => x - y)).toEqual([12_050, 50_000]);
    expect((await sell(first, cash(showId, ['F1', 'F2', 'F4', 'F5']))).statusCode).toBe(201); // 1000 cash

    const closed = await closeShift(first, shift._id, 3380);
    expect(closed.json<{ shift: Shift }>().shift).toMatchObject({
      openingFloat: 2000,
      cashSales: 1500,
      cardSales: 250,
      upiSales: 500,
      cashRefunds: 120.5,
      cardRefunds: 0,
      upiRefunds: 0,
      expectedCash: 3379.5, // 2000 + 1500 − 120.50
      countedCash: 3380,
      variance: 0.5,
      tickets: 9,
      items: 0,
    });
    const other = (await call('GET', '/api/boxoffice/shifts/current', second)).json<{ shift: Shift }>().shift;
    expect(other).toMatchObject({ upiRefunds: 500, cashRefunds: 0, expectedCash: 1500.5 });
    // The closed shift reads the same later, whatever happens to its sales.
    await call('POST', '/api/boxoffice/refunds', second, { bookingId: a.booking._id, reason: 'x' });
    expect((await call('GET', `/api/boxoffice/shifts/${shift._id}`, first)).json().shift).toEqual(
      closed.json().shift,
    );
  });

  it('lists the shifts of a period with their cash-ups and totals: all for an admin, one’s own for staff', async () => {
    const today = zonedDate(t.clock.now, t.config.CINEMA_TIMEZONE);
    const list = async (who: SignedIn, query = '') => {
      const response = await call('GET', `/api/boxoffice/shifts${query}`, who);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ShiftsResponse>();
    };
    const all = await list(admin);
    expect(all).toMatchObject({ from: addDays(today, -6), to: today });
    const cashiers = new Set(all.shifts.map((shift) => shift.user._id));
    expect(cashiers.size).toBeGreaterThan(1);
    // The latest first; each shift as its own answer gives it.
    const opened = all.shifts.map((shift) => shift.openedAt);
    expect(opened).toEqual([...opened].sort().reverse());
    for (const shift of all.shifts.slice(0, 3))
      expect((await call('GET', `/api/boxoffice/shifts/${shift._id}`, admin)).json().shift).toEqual(shift);
    // Totals in paise, added up: counted cash and variance over the closed shifts only.
    const paise = (pick: (shift: Shift) => number | null) =>
      all.shifts.reduce((sum, shift) => sum + Math.round((pick(shift) ?? 0) * 100), 0) / 100;
    expect(all.totals).toMatchObject({
      cashSales: paise((s) => s.cashSales),
      cashRefunds: paise((s) => s.cashRefunds),
      upiSales: paise((s) => s.upiSales),
      variance: paise((s) => (s.closedAt ? s.variance : 0)),
      tickets: all.shifts.reduce((sum, shift) => sum + shift.tickets, 0),
    });
    expect(all.totals.variance).not.toBe(0);

    const mine = await list(staff[4]!);
    expect(mine.shifts.length).toBeGreaterThan(0);
    expect(mine.shifts.every((shift) => shift.user._id === staff[4]!.userId)).toBe(true);
    // Another period: nothing opened then.
    expect((await list(admin, `?to=${addDays(today, -7)}`)).shifts).toEqual([]);
    expect((await list(admin, `?from=${today}`)).shifts).toHaveLength(all.shifts.length);
    expect((await list(admin, `?from=${today}`)).to).toBe(addDays(today, 6));
    for (const [query, message] of [
      [`?from=${today}&to=${addDays(today, -1)}`, 'from must not be after to'],
      [`?from=${addDays(today, -92)}&to=${today}`, 'The list covers at most 92 days'],
      ['?from=yesterday', 'from is a date YYYY-MM-DD'],
    ] as const) {
      const refused = await call('GET', `/api/boxoffice/shifts${query}`, admin);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json()).toMatchObject({ message });
    }
    expect((await call('GET', '/api/boxoffice/shifts', buyer)).statusCode).toBe(403);

    // The accountant's copy: one line a shift with the same figures, then the total line.
    const csv = await call('GET', '/api/boxoffice/shifts?format=csv', admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="marquee-shifts-${addDays(today, -6)}-to-${today}.csv"`,
    );
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[1]).toMatch(/^Cashier,Opened \(.+\),Closed \(.+\),Float,Cash sales,/);
    expect(lines).toHaveLength(all.shifts.length + 3);
    const first = all.shifts[0]!;
    expect(lines[2]!.split(',').slice(3, 8)).toEqual(
      [first.openingFloat, first.cashSales, first.cardSales, first.upiSales, first.cashRefunds].map((n) =>
        n.toFixed(2),
      ),
    );
    expect(lines.at(-1)!.split(',')[12]).toBe(all.totals.variance.toFixed(2));
  });

  it('refunds an online booking through its gateway, outside the drawer; needs an open shift', async () => {
    const showId = await newShow(30_000);
    const held = await call('POST', '/api/bookings/create', buyer, { showId, selectedSeats: ['G1'] });
    const { bookingId, url } = held.json<{ bookingId: string; url: string }>();
    const paid = await call('POST', `/api/payments/${url.split('/pay/')[1]}/sandbox-pay`, buyer);
    expect(paid.statusCode, paid.body).toBe(200);
    const noShift = await call('POST', '/api/boxoffice/refunds', staff[2]!, { bookingId, reason: 'Asked' });
    expect(noShift.statusCode).toBe(409);
    expect(noShift.json().message).toBe('Open a shift first');
    const before = (await call('GET', '/api/boxoffice/shifts/current', staff[0]!)).json<{ shift: Shift }>()
      .shift;
    const refunded = await call('POST', '/api/boxoffice/refunds', staff[0]!, { bookingId, reason: 'Asked' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({
      booking: { status: 'cancelled' },
      refund: { method: 'online', amount: 300 },
    });
    const [refund] = await db()
      .select({ gateway: refunds.gateway })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(payments.bookingId, bookingId));
    expect(refund).toEqual({ gateway: 'sandbox' });
    const after = (await call('GET', '/api/boxoffice/shifts/current', staff[0]!)).json<{ shift: Shift }>()
      .shift;
    expect(after).toEqual(before);
    const twice = await call('POST', '/api/boxoffice/refunds', staff[0]!, { bookingId, reason: 'Asked' });
    expect(twice.statusCode).toBe(409);
  });

  it('a show the cinema cancels leaves its counter sales owed until a cashier pays them back', async () => {
    const showId = await newShow(20_000);
    const sold = await sell(staff[0]!, cash(showId, ['H1', 'H2'], 500));
    expect(sold.statusCode, sold.body).toBe(201);
    const { booking } = sold.json<{ booking: { _id: string; reference: string } }>();
    const before = (await call('GET', '/api/boxoffice/shifts/current', staff[0]!)).json<{ shift: Shift }>()
      .shift;
    const cancelled = await call('POST', `/api/shows/${showId}/cancel`, admin);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().message).toContain('1 to pay back at the box office');
    // No cash left the drawer yet: the refund waits, and the worker does not take it.
    await carryOutRefunds({ db: db(), gateways: new Map(), clock: () => t.clock.now, log: t.app.log });
    const owedRow = async () =>
      (
        await db()
          .select({ status: refunds.status, amountPaise: refunds.amountPaise })
          .from(refunds)
          .innerJoin(payments, eq(payments.id, refunds.paymentId))
          .where(eq(payments.bookingId, booking._id))
      )[0];
    expect(await owedRow()).toEqual({ status: 'pending', amountPaise: 40_000 });
    const found = await call('GET', `/api/boxoffice/bookings/${booking.reference}`, staff[0]!);
    expect(found.json()).toMatchObject({ booking: { status: 'cancelled' }, refundOwed: 400 });

    const paidBack = await call('POST', '/api/boxoffice/refunds', staff[0]!, {
      bookingId: booking._id,
      reason: 'Show cancelled',
    });
    expect(paidBack.statusCode, paidBack.body).toBe(200);
    expect(paidBack.json().refund).toMatchObject({ method: 'cash', amount: 400, status: 'succeeded' });
    expect(await owedRow()).toEqual({ status: 'succeeded', amountPaise: 40_000 });
    const after = (await call('GET', '/api/boxoffice/shifts/current', staff[0]!)).json<{ shift: Shift }>()
      .shift;
    expect(after.cashRefunds - before.cashRefunds).toBe(400);
    expect(
      (await call('GET', `/api/boxoffice/bookings/${booking.reference}`, staff[0]!)).json().refundOwed,
    ).toBeNull();
    const twice = await call('POST', '/api/boxoffice/refunds', staff[0]!, {
      bookingId: booking._id,
      reason: 'x',
    });
    expect(twice.statusCode).toBe(409);
  });

  it('gives an online booking back what the cancellation policy says, and records that amount', async () => {
    const showId = await newShow(30_000);
    const held = await call('POST', '/api/bookings/create', buyer, { showId, selectedSeats: ['G2'] });
    const { bookingId, url } = held.json<{ bookingId: string; url: string }>();
    expect((await call('POST', `/api/payments/${url.split('/pay/')[1]}/sandbox-pay`, buyer)).statusCode).toBe(
      200,
    );
    const [show] = await db().select({ startsAt: shows.startsAt }).from(shows).where(eq(shows.id, showId));
    const then = t.clock.now;
    // An hour before the start: the default policy's second tier, half back.
    t.clock.now = new Date(show!.startsAt.getTime() - 60 * 60_000);
    try {
      const refunded = await call('POST', '/api/boxoffice/refunds', staff[0]!, {
        bookingId,
        reason: 'Asked',
      });
      expect(refunded.statusCode, refunded.body).toBe(200);
      expect(refunded.json().refund).toMatchObject({ method: 'online', amount: 150 });
      const [refund] = await db()
        .select({ amountPaise: refunds.amountPaise })
        .from(refunds)
        .innerJoin(payments, eq(payments.id, refunds.paymentId))
        .where(eq(payments.bookingId, bookingId));
      expect(refund).toEqual({ amountPaise: 15_000 });
      const [counted] = await db()
        .select({ amountPaise: counterRefunds.amountPaise })
        .from(counterRefunds)
        .where(eq(counterRefunds.bookingId, bookingId));
      expect(counted).toEqual({ amountPaise: 15_000 });
    } finally {
      t.clock.now = then;
    }
  });
});

describe('online and counter share one inventory', () => {
  it('never sells a seat twice when a buyer and the counter race for it (20 rounds)', async () => {
    const cashier = staff[1]!;
    expect((await openShift(cashier, 0)).statusCode).toBe(201);
    for (let round = 0; round < 20; round++) {
      const showId = await newShow(20_000);
      const seats = ['B4', 'B5'];
      const [online, counter] = await Promise.all([
        call('POST', '/api/bookings/create', buyer, { showId, selectedSeats: seats }),
        sell(cashier, cash(showId, seats)),
      ]);
      const won = [online.statusCode === 200, counter.statusCode === 201];
      expect(won.filter(Boolean), `round ${round}: ${online.body} ${counter.body}`).toHaveLength(1);
      expect([online.statusCode, counter.statusCode].sort()).toEqual(
        online.statusCode === 200 ? [200, 409] : [201, 409],
      );
      const live = await db()
        .select()
        .from(bookingSeats)
        .where(and(eq(bookingSeats.showId, showId), eq(bookingSeats.isLive, true)));
      expect(live.map((s) => s.seat).sort()).toEqual(seats);
      // The buyer's hold, if it won, is let go so the next round's limit allows another.
      if (online.statusCode === 200) {
        const { bookingId } = online.json<{ bookingId: string }>();
        await t.app.inject({ method: 'DELETE', url: `/api/bookings/${bookingId}`, headers: buyer.bearer });
      }
    }
  });
});

describe('food and drink at the counter', () => {
  it('sells items with the seats, their stock claimed with the hold, counted in the shift', async () => {
    const cashier = await signUp(t.app, { name: 'Snack Cashier' });
    await db().update(users).set({ role: 'staff' }).where(eq(users.id, cashier.userId));
    const shiftId = (await openShift(cashier, 500)).json<{ shift: Shift }>().shift._id;
    const product = await call('POST', '/api/admin/products', admin, {
      name: 'Counter Popcorn',
      price: 150,
      stock: 3,
    });
    expect(product.statusCode, product.body).toBe(201);
    const productId = product.json<{ product: { _id: string } }>().product._id;
    const showId = await newShow(20_000);

    const sold = await sell(cashier, {
      ...cash(showId, ['E1', 'E2'], 1000),
      items: [{ productId, quantity: 2 }],
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const body = sold.json<CounterSaleResponse>();
    // Two seats at ₹200 and two popcorn at ₹150: ₹700, change ₹300.
    expect(body.booking).toMatchObject({
      amount: 700,
      channel: 'counter',
      items: [{ productId, name: 'Counter Popcorn', quantity: 2, price: 150 }],
    });
    expect(body.change).toBe(300);
    const [invoice] = await db().select().from(invoices).where(eq(invoices.bookingId, body.booking._id));
    expect(invoice!.totalPaise).toBe(70_000);

    // One left: two more are refused, and nothing is held.
    const short = await sell(cashier, { ...cash(showId, ['E3']), items: [{ productId, quantity: 2 }] });
    expect(short.statusCode).toBe(409);
    expect(short.json().message).toBe('Only 1 Counter Popcorn left');
    const e3 = await db()
      .select()
      .from(bookingSeats)
      .where(and(eq(bookingSeats.showId, showId), eq(bookingSeats.seat, 'E3')));
    expect(e3).toHaveLength(0);

    // Items for a show but without its seats, and a comp with items, are refused plainly (items
    // with no show at all are a sale of their own: items-only.test.ts).
    const alone = await sell(cashier, {
      showId,
      payment: { method: 'cash' },
      items: [{ productId, quantity: 1 }],
    });
    expect(alone.statusCode).toBe(400);
    const comp = await sell(admin, {
      showId,
      selectedSeats: ['E4'],
      complimentary: true,
      items: [{ productId, quantity: 1 }],
    });
    expect(comp.statusCode).toBe(400);

    const closed = await closeShift(cashier, shiftId, 1200);
    expect(closed.json<{ shift: Shift }>().shift).toMatchObject({
      cashSales: 700,
      items: 2,
      tickets: 2,
      variance: 0,
    });
  });
});
