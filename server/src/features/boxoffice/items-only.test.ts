import {
  zonedDate,
  type Booking,
  type CounterBookingResponse,
  type CounterSaleResponse,
  type Shift,
} from '@marquee/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type SignedIn, type TestApp } from '../../../test/app.ts';
import { bookings, products, users } from '../../db/schema.ts';

// Issue 31 item 4 (CONTRACT §11–§12): the counter sells food and drink on its own, without a show.

let t: TestApp;
let admin: SignedIn;
let cashier: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.testDb.database;
  admin = await signUp(t.app, { name: 'Admin' });
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
  cashier = await signUp(t.app, { name: 'Snack Cashier' });
  other = await signUp(t.app, { name: 'Other Cashier' });
  for (const one of [cashier, other])
    await db.update(users).set({ role: 'staff' }).where(eq(users.id, one.userId));
});
afterAll(() => t.close());

const db = () => t.testDb.database.db;
const call = (method: 'GET' | 'POST', url: string, who?: SignedIn, payload?: object) =>
  t.app.inject({ method, url, headers: who?.bearer ?? {}, ...(payload ? { payload } : {}) });
const sell = (who: SignedIn, body: object) => call('POST', '/api/boxoffice/sales', who, body);

async function addProduct(fields: object) {
  const response = await call('POST', '/api/admin/products', admin, fields);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ product: { _id: string } }>().product._id;
}
const stockOf = async (id: string) =>
  (await db().select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;

describe('food and drink sold on its own at the counter', () => {
  it('sells items without a show: stock claimed, invoiced at the food rate, in the shift, refunded with stock and cash', async () => {
    const popcorn = await addProduct({ name: 'Popcorn', price: 210, stock: 5 });
    const cola = await addProduct({ name: 'Cola', price: 105.5, stock: null });
    const opened = await call('POST', '/api/boxoffice/shifts', cashier, { openingFloat: 500 });
    expect(opened.statusCode, opened.body).toBe(201);
    const shiftId = opened.json<{ shift: Shift }>().shift._id;

    // Without an open shift: refused, nothing taken.
    const noShift = await sell(other, {
      items: [{ productId: popcorn, quantity: 1 }],
      payment: { method: 'cash' },
    });
    expect(noShift.statusCode).toBe(409);
    expect(await stockOf(popcorn)).toBe(5);
    // Nothing to sell at all: a clear 400.
    const nothing = await sell(cashier, { payment: { method: 'cash' } });
    expect(nothing.statusCode).toBe(400);

    const sale = await sell(cashier, {
      items: [
        { productId: popcorn, quantity: 2 },
        { productId: cola, quantity: 1 },
      ],
      payment: { method: 'cash', tendered: 600 },
      customer: { name: 'Walk-in' },
    });
    expect(sale.statusCode, sale.body).toBe(201);
    const sold = sale.json<CounterSaleResponse>();
    expect(sold.booking).toMatchObject({
      show: null,
      bookedSeats: [],
      channel: 'counter',
      status: 'paid',
      amount: 525.5,
    });
    expect(sold.booking.items.map((item) => [item.name, item.quantity])).toEqual([
      ['Cola', 1],
      ['Popcorn', 2],
    ]);
    expect(sold.change).toBe(74.5);
    expect(sold.booking.invoiceNumber).toMatch(/^MQ\d{4}-\d{6}$/);
    // The stock claim: 2 of the 5 popcorns taken; the unlimited cola untouched.
    expect(await stockOf(popcorn)).toBe(3);
    expect(await stockOf(cola)).toBeNull();

    // More than is left: 409 with the claim's words; nothing of the request is taken or sold.
    const short = await sell(cashier, {
      items: [
        { productId: cola, quantity: 1 },
        { productId: popcorn, quantity: 4 },
      ],
      payment: { method: 'upi', reference: 'UPI-1' },
    });
    expect(short.statusCode, short.body).toBe(409);
    expect(short.json()).toMatchObject({ message: 'Only 3 Popcorn left' });
    expect(await stockOf(popcorn)).toBe(3);
    const counted = await db().execute(sql`select count(*)::int as n from bookings where show_id is null`);
    expect((counted as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);

    // The invoice: item lines only, at the food rate (5 %), taxed by the one formula.
    const invoice = await call('GET', `/api/bookings/${sold.booking._id}/invoice`, cashier);
    expect(invoice.statusCode, invoice.body).toBe(200);
    const { lines, totals } = invoice.json<{
      invoice: {
        lines: { description: string; rate: number; total: number; taxableValue: number }[];
        totals: { total: number };
      };
    }>().invoice;
    expect(lines.map((line) => [line.description, line.rate, line.total])).toEqual([
      ['Cola', 5, 105.5],
      ['Popcorn', 5, 420],
    ]);
    // 42000 paise at 5 %: taxable round(42000 × 100 / 105) = 40000.
    expect(lines[1]!.taxableValue).toBe(400);
    expect(totals.total).toBe(525.5);

    // Readers of bookings cope with no show: the lookup, the admin list and its CSV, the receipt's lookup by id.
    const found = await call('GET', `/api/boxoffice/bookings/${sold.booking.reference}`, other);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json<CounterBookingResponse>().booking.show).toBeNull();
    expect((await call('GET', `/api/boxoffice/bookings/${sold.booking._id}`, other)).statusCode).toBe(200);
    const list = await call('GET', '/api/admin/bookings', admin);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<{ bookings: Booking[] }>().bookings.map((b) => b._id)).toContain(sold.booking._id);
    const csv = await call('GET', '/api/admin/bookings.csv', admin);
    expect(csv.statusCode).toBe(200);
    // The accountant's row: how the cashier took it, the channel, the invoice and its GST (5 % of 525.50).
    const row = csv.body.split('\r\n').find((line) => line.startsWith(sold.booking._id))!;
    expect(row).toContain(',Food & drinks (counter),');
    expect(row).toContain(',525.50,paid,Counter: Cash,');
    expect(row.endsWith(`,Counter,${sold.booking.invoiceNumber},25.02`)).toBe(true);
    // The seller's own list leaves counter sales out; the ticket and the door answer 404, not 500.
    expect((await call('GET', '/api/bookings/user?status=all', cashier)).statusCode).toBe(200);
    expect((await call('GET', `/api/bookings/${sold.booking._id}/ticket`, cashier)).statusCode).toBe(404);
    // Cancelling it the online way is refused: it is refunded at the counter.
    const cancelled = await t.app.inject({
      method: 'PUT',
      url: `/api/bookings/${sold.booking._id}/cancel`,
      headers: admin.bearer,
      payload: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(409);

    // The daily report's food line counts it on the day it was paid.
    const day = zonedDate(t.clock.now, t.config.CINEMA_TIMEZONE);
    const report = await call('GET', `/api/admin/reports/daily?date=${day}`, admin);
    expect(report.statusCode, report.body).toBe(200);
    expect(
      report.json<{ food: { totals: { quantity: number; gross: number } } }>().food.totals,
    ).toMatchObject({
      quantity: 3,
      gross: 525.5,
    });

    // The shift: the cash sale and its units are in the cash-up.
    const current = (await call('GET', `/api/boxoffice/shifts/${shiftId}`, cashier)).json<{ shift: Shift }>()
      .shift;
    expect(current).toMatchObject({ cashSales: 525.5, items: 3, tickets: 0, expectedCash: 1025.5 });

    // Refunded at the counter: the stock comes back and the cash leaves the drawer.
    const refund = await call('POST', '/api/boxoffice/refunds', cashier, {
      bookingId: sold.booking._id,
      reason: 'Spilt',
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json()).toMatchObject({
      booking: { status: 'cancelled', show: null },
      refund: { method: 'cash', amount: 525.5 },
    });
    expect(await stockOf(popcorn)).toBe(5);
    expect(
      (
        await call('POST', '/api/boxoffice/refunds', cashier, {
          bookingId: sold.booking._id,
          reason: 'Again',
        })
      ).statusCode,
    ).toBe(409);
    const closed = await call('POST', `/api/boxoffice/shifts/${shiftId}/close`, cashier, {
      countedCash: 500,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json<{ shift: Shift }>().shift).toMatchObject({
      cashSales: 525.5,
      cashRefunds: 525.5,
      expectedCash: 500,
      variance: 0,
    });
  });

  it('keeps a show on every booking but a counter sale without seats (the database check)', async () => {
    const [row] = await db().select().from(bookings).limit(1);
    const attempt = db()
      .insert(bookings)
      .values({ ...row!, id: crypto.randomUUID(), reference: 'NOSHOW01', channel: 'online' });
    await expect(attempt).rejects.toThrow();
    const withSeats = db()
      .insert(bookings)
      .values({ ...row!, id: crypto.randomUUID(), reference: 'NOSHOW02', seats: ['A1'] });
    await expect(withSeats).rejects.toThrow();
  });
});
