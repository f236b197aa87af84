import {
  addDays,
  layoutSchema,
  zonedDate,
  type DailyReportResponse,
  type FilmsReportResponse,
} from '@marquee/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type SignedIn, type TestApp } from '../../../test/app.ts';
import { insertBooking, insertMovie, insertShow } from '../../fixtures/factories.ts';
import { bookings, invoices, shows, users } from '../../db/schema.ts';
import { issueInvoice } from '../invoices/index.ts';

// CONTRACT §14: the daily collection report and the films report, to the paisa.

let t: TestApp;
let admin: SignedIn;
let staff: SignedIn;
let buyer: SignedIn;
let day: string;
let filmId: string;
let otherFilmId: string;
let showId: string;
let onlineId: string;
const db = () => t.testDb.database.db;

// Rows A and B are Classic at ₹100 (5 %), row C is Recliner at ₹250.50 (18 %).
const layout = layoutSchema.parse({
  rows: [
    { seats: Array.from({ length: 6 }, () => ({ class: 'Classic', kind: 'seat' })) },
    { seats: Array.from({ length: 6 }, () => ({ class: 'Classic', kind: 'seat' })) },
    { seats: Array.from({ length: 6 }, () => ({ class: 'Recliner', kind: 'seat' })) },
  ],
});
const prices = { Classic: 10_000, Recliner: 25_050 };

async function book(seats: string[], who = buyer) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/bookings/create',
    headers: who.bearer,
    payload: { showId, selectedSeats: seats },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ bookingId: string; url: string }>();
}
async function bookAndPay(seats: string[]) {
  const { bookingId, url } = await book(seats);
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/payments/${url.split('/pay/')[1]}/sandbox-pay`,
    headers: buyer.bearer,
  });
  expect(paid.json(), paid.body).toMatchObject({ success: true });
  return bookingId;
}
const daily = (query: string, who = admin) =>
  t.app.inject({ method: 'GET', url: `/api/admin/reports/daily?${query}`, headers: who.bearer });
const films = (query: string, who = admin) =>
  t.app.inject({ method: 'GET', url: `/api/admin/reports/films?${query}`, headers: who.bearer });

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t.app, { name: 'Admin' });
  staff = await signUp(t.app, { name: 'Staff' });
  buyer = await signUp(t.app, { name: 'Buyer' });
  await db().update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
  await db().update(users).set({ role: 'staff' }).where(eq(users.id, staff.userId));
  const tz = t.config.CINEMA_TIMEZONE;
  // A show two days ahead at whatever time that is: its day is the report's day.
  const startsAt = new Date(t.clock.now.getTime() + 2 * 86_400_000);
  day = zonedDate(startsAt, tz);
  filmId = (await insertMovie(db(), { title: 'Report Story' })).id;
  otherFilmId = (await insertMovie(db(), { title: 'Other Story' })).id;
  showId = (await insertShow(db(), { movieId: filmId, startsAt, layout, prices })).id;

  // Online: two Classic and a Recliner, paid.
  onlineId = await bookAndPay(['A1', 'A2', 'C1']);
  // Online, paid, then cancelled and refunded by its buyer: counts nowhere.
  const refunded = await bookAndPay(['B1', 'B2']);
  const cancel = await t.app.inject({
    method: 'PUT',
    url: `/api/bookings/${refunded}/cancel`,
    headers: buyer.bearer,
  });
  expect(cancel.statusCode, cancel.body).toBe(200);
  // Held and never paid: counts nowhere.
  await book(['B5']);
  // At the counter: a Classic and a Recliner; and a comp.
  const now = t.clock.now;
  // A counter sale is invoiced like any other (CONTRACT §11).
  const counterId = await insertBooking(db(), {
    userId: staff.userId,
    showId,
    seats: ['A3', 'C2'],
    now,
    channel: 'counter',
  });
  await issueInvoice(db(), { bookingId: counterId, paymentId: null, now });
  await insertBooking(db(), {
    userId: admin.userId,
    showId,
    seats: ['A4'],
    now,
    channel: 'counter',
    complimentary: true,
  });
  // Another film's show the next day: outside the day, inside a two-day period.
  const nextDay = new Date(startsAt.getTime() + 86_400_000);
  const otherShow = await insertShow(db(), { movieId: otherFilmId, startsAt: nextDay, pricePaise: 20_000 });
  await insertBooking(db(), {
    userId: staff.userId,
    showId: otherShow.id,
    seats: ['A1'],
    now,
    channel: 'counter',
  });
});
afterAll(() => t.close());

describe('the daily report', () => {
  it('counts a known day to the paisa: online, counter, comps; refunded and unpaid bookings nowhere', async () => {
    const response = await daily(`date=${day}`);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<DailyReportResponse>();
    expect(report.date).toBe(day);
    expect(report.shows).toHaveLength(1);
    const [show] = report.shows;
    expect(show).toMatchObject({ showId, film: 'Report Story', screen: expect.any(String) });
    // Classic ₹100 at 5 %: GST 4.76 a ticket; Recliner ₹250.50 at 18 %: GST 38.21 a ticket.
    expect(show!.classes).toEqual([
      {
        class: 'Classic',
        price: 100,
        online: 2,
        counter: 1,
        comps: 1,
        tickets: 4,
        gross: 300,
        gst: 14.28,
        net: 285.72,
      },
      {
        class: 'Recliner',
        price: 250.5,
        online: 1,
        counter: 1,
        comps: 0,
        tickets: 2,
        gross: 501,
        gst: 76.42,
        net: 424.58,
      },
    ]);
    expect(show!.totals).toEqual({
      online: 3,
      counter: 2,
      comps: 1,
      tickets: 6,
      gross: 801,
      gst: 90.7,
      net: 710.3,
    });
    expect(report.food).toEqual({ lines: [], totals: { quantity: 0, gross: 0, gst: 0, net: 0 } });
    expect(report.totals).toEqual({
      tickets: show!.totals,
      food: { gross: 0, gst: 0, net: 0 },
      gross: 801,
      gst: 90.7,
      net: 710.3,
    });
  });

  it('equals the invoice of the online booking to the paisa', async () => {
    const [invoice] = await db().select().from(invoices).where(eq(invoices.bookingId, onlineId));
    // A1, A2 (Classic) and C1 (Recliner): 2 × 4.76 + 38.21.
    expect(invoice!.cgstPaise + invoice!.sgstPaise).toBe(2 * 476 + 3821);
    expect(invoice!.totalPaise).toBe(45_050);
  });

  it('reads the rates each booking was held under', async () => {
    // Pretend the online booking was held while Classic tickets were taxed at 12 %.
    const [before] = await db().select().from(bookings).where(eq(bookings.id, onlineId));
    await db()
      .update(bookings)
      .set({ taxRates: { ticketSlabs: [{ upTo: null, rate: 12 }] } })
      .where(eq(bookings.id, onlineId));
    const report = (await daily(`date=${day}`)).json<DailyReportResponse>();
    await db().update(bookings).set({ taxRates: before!.taxRates }).where(eq(bookings.id, onlineId));
    // Classic: 2 online at 12 % (10.71 each) + 1 counter at 5 % (4.76).
    expect(report.shows[0]!.classes[0]!.gst).toBe(26.18);
  });

  it('still equals the invoices after the show is re-priced', async () => {
    const first = (await daily(`date=${day}`)).json<DailyReportResponse>().totals;
    await db()
      .update(shows)
      .set({ prices: { Classic: 12_000, Recliner: 30_000 } })
      .where(eq(shows.id, showId));
    const after = (await daily(`date=${day}`)).json<DailyReportResponse>();
    await db().update(shows).set({ prices }).where(eq(shows.id, showId));
    expect(after.totals).toEqual(first);
    expect(after.shows[0]!.classes.map((c) => [c.class, c.price, c.gst])).toEqual([
      ['Classic', 120, 14.28],
      ['Recliner', 300, 76.42],
    ]);
  });

  it('answers CSV with the same figures', async () => {
    const response = await daily(`date=${day}&format=csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[1]).toBe('Film,Screen,Time,Class,Price,Online,Counter,Comps,Tickets,Gross,GST,Net');
    expect(lines[2]).toMatch(/^Report Story,.+,Classic,100\.00,2,1,1,4,300\.00,14\.28,285\.72$/);
    expect(lines[3]).toMatch(/^Report Story,.+,Recliner,250\.50,1,1,0,2,501\.00,76\.42,424\.58$/);
    expect(lines).toContain('Total,801.00,90.70,710.30');
  });

  it('is for admins only, and refuses a bad date', async () => {
    expect((await daily(`date=${day}`, staff)).statusCode).toBe(403);
    expect((await daily(`date=${day}`, staff)).json()).toMatchObject({ message: 'Not authorized' });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/reports/daily?date=${day}` })).statusCode,
    ).toBe(401);
    // 9999-12-31: a real date whose day has no next midnight to end at (once a 500).
    for (const query of [
      '',
      'date=2026-13-01',
      'date=yesterday',
      'date=9999-12-31',
      `date=${day}&format=pdf`,
    ]) {
      const response = await daily(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().success).toBe(false);
    }
    expect((await daily('')).json().message).toMatch(/date is required/);
  });

  it('an empty day answers zeros', async () => {
    const report = (await daily(`date=${addDays(day, 30)}`)).json<DailyReportResponse>();
    expect(report.shows).toEqual([]);
    expect(report.totals.gross).toBe(0);
  });
});

describe('the films report', () => {
  it('gives each film its shows, admissions, money and the distributor’s share of net, rounded down', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/movies/${filmId}`,
      headers: admin.bearer,
      payload: { distributorSharePercent: 42.5 },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().movie.distributorSharePercent).toBe(42.5);
    const response = await films(`from=${day}&to=${addDays(day, 1)}`);
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<FilmsReportResponse>();
    expect(report.films).toEqual([
      {
        movieId: filmId,
        film: 'Report Story',
        shows: 1,
        admissions: 6,
        gross: 801,
        gst: 90.7,
        net: 710.3,
        distributorSharePercent: 42.5,
        // 42.5 % of ₹710.30 is ₹301.8775: the cinema owes ₹301.87.
        distributorShare: 301.87,
      },
      {
        movieId: otherFilmId,
        film: 'Other Story',
        shows: 1,
        admissions: 1,
        gross: 200,
        gst: 30.51,
        net: 169.49,
        distributorSharePercent: 50,
        distributorShare: 84.74,
      },
    ]);
    expect(report.totals).toEqual({
      shows: 2,
      admissions: 7,
      gross: 1001,
      gst: 121.21,
      net: 879.79,
      distributorShare: 386.61,
    });
    const csv = await films(`from=${day}&to=${addDays(day, 1)}&format=csv`);
    expect(csv.body).toContain('Report Story,1,6,801.00,90.70,710.30,42.5,301.87');
  });

  it('counts only the days asked for', async () => {
    const report = (await films(`from=${day}&to=${day}`)).json<FilmsReportResponse>();
    expect(report.films.map((f) => f.film)).toEqual(['Report Story']);
  });

  it('refuses staff, a bad period, and a bad share', async () => {
    expect((await films(`from=${day}&to=${day}`, staff)).statusCode).toBe(403);
    for (const query of [
      `from=${day}`,
      `from=${addDays(day, 1)}&to=${day}`,
      'from=2026-02-30&to=2026-03-01',
    ]) {
      expect((await films(query)).statusCode, query).toBe(400);
    }
    for (const share of [-1, 100.5, 12.345, 'lots']) {
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/movies/${filmId}`,
        headers: admin.bearer,
        payload: { distributorSharePercent: share },
      });
      expect(put.statusCode, String(share)).toBe(400);
    }
  });

  it('a new movie takes the share given, or 50', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/movies',
      headers: admin.bearer,
      payload: { Title: 'Shared Film', Year: '2024', distributorSharePercent: '37.5' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().movie.distributorSharePercent).toBe(37.5);
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/movies',
      headers: admin.bearer,
      payload: { Title: 'Plain Film', Year: '2024' },
    });
    expect(plain.json().movie.distributorSharePercent).toBe(50);
  });
});

describe('food and drink in the daily report', () => {
  it('counts the items of paid bookings per product, taxed as their invoice lines, and no others', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: admin.bearer,
      payload: { name: 'Report Popcorn', price: 250, taxRate: 5 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const productId = created.json<{ product: { _id: string } }>().product._id;
    const startsAt = new Date(t.clock.now.getTime() + 4 * 86_400_000);
    const foodDay = zonedDate(startsAt, t.config.CINEMA_TIMEZONE);
    const show = await insertShow(db(), { movieId: otherFilmId, startsAt, pricePaise: 10_000 });
    const withItems = async (seats: string[], quantity: number, pay: boolean) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/bookings/create',
        headers: buyer.bearer,
        payload: { showId: show.id, selectedSeats: seats, items: [{ productId, quantity }] },
      });
      expect(response.statusCode, response.body).toBe(200);
      const { url } = response.json<{ url: string }>();
      if (pay) {
        await t.app.inject({
          method: 'POST',
          url: `/api/payments/${url.split('/pay/')[1]}/sandbox-pay`,
          headers: buyer.bearer,
        });
      }
    };
    await withItems(['A1'], 2, true);
    await withItems(['A2'], 1, true);
    await withItems(['A3'], 3, false); // unpaid: counts nowhere
    const report = (await daily(`date=${foodDay}`)).json<DailyReportResponse>();
    // Two invoice lines: ₹500 at 5 % (GST 23.81) and ₹250 (GST 11.90).
    expect(report.food.lines).toEqual([
      { name: 'Report Popcorn', quantity: 3, gross: 750, gst: 35.71, net: 714.29 },
    ]);
    expect(report.totals.food).toEqual({ gross: 750, gst: 35.71, net: 714.29 });
    expect(report.totals.gross).toBe(report.totals.tickets.gross + 750);
  });
});
