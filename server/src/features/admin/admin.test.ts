import {
  fromZonedParts,
  type AdminShow,
  type AuditEntryView,
  type Booking,
  type DashboardData,
} from '@marquee/shared';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type SignedIn, type TestApp } from '../../../test/app.ts';
import { insertBooking, insertMovie, insertShow, insertUser } from '../../fixtures/factories.ts';
import { bookings, shows, users } from '../../db/schema.ts';
import { recordAudit } from '../audit/record.ts';
import { dashboardFigures } from './dashboard.ts';

let t: TestApp;
let staff: SignedIn;
let asha: SignedIn;
let ravi: SignedIn;
let firstShow: string;
let secondShow: string;
let pastShow: string;
let movieId: string;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.testDb.database;
  staff = await signUp(t.app, { name: 'Staff' });
  asha = await signUp(t.app, { name: 'Asha Rao', email: `asha-${process.pid}@example.com` });
  ravi = await signUp(t.app, { name: '=HYPERLINK("evil")' });
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, staff.userId));
  const movie = await insertMovie(db, { title: 'Dashboard Movie' });
  const other = await insertMovie(db, { title: 'Second Feature' });
  movieId = movie.id;
  const now = t.clock.now.getTime();
  firstShow = (
    await insertShow(db, { movieId: movie.id, startsAt: new Date(now + 26 * HOUR), pricePaise: 20_000 })
  ).id;
  secondShow = (
    await insertShow(db, { movieId: other.id, startsAt: new Date(now + 10 * 24 * HOUR), pricePaise: 15_000 })
  ).id;
  pastShow = (
    await insertShow(db, { movieId: movie.id, startsAt: new Date(now - 5 * HOUR), pricePaise: 10_000 })
  ).id;
  await insertShow(db, {
    movieId: other.id,
    startsAt: new Date(now + 30 * HOUR),
    pricePaise: 10_000,
    status: 'cancelled',
  });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: SignedIn, payload?: object) =>
  t.app.inject({ method, url, headers: who?.bearer, ...(payload ? { payload } : {}) });

async function book(who: SignedIn, showId: string, seats: string[], pay = false) {
  t.clock.now = new Date(t.clock.now.getTime() + 1000); // a distinct creation time for each
  const response = await call('POST', '/api/bookings/create', who, { showId, selectedSeats: seats });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<{ bookingId: string; url: string }>();
  if (pay) await call('POST', `/api/payments/${body.url.split('/pay/')[1]}/sandbox-pay`, who, {});
  return body.bookingId;
}
const dashboard = async () =>
  (await call('GET', '/api/admin/dashboard', staff)).json<{ dashboardData: DashboardData }>().dashboardData;

describe('who may read the admin area', () => {
  it.each([
    '/api/admin/dashboard',
    '/api/admin/bookings',
    '/api/admin/bookings.csv',
    '/api/admin/shows',
    '/api/admin/audit',
  ])('%s: 401 signed out, 403 for a buyer, 200 for staff', async (url) => {
    expect((await call('GET', url)).json()).toEqual({ success: false, message: 'Authentication required' });
    const buyer = await call('GET', url, asha);
    expect(buyer.statusCode).toBe(403);
    expect(buyer.json()).toEqual({ success: false, message: 'Not authorized' });
    expect((await call('GET', url, staff)).statusCode).toBe(200);
  });
});

describe('dashboard figures', () => {
  it('counts upcoming uncancelled shows, paid bookings, their revenue and active accounts', async () => {
    const before = await dashboard();
    expect(before).toMatchObject({
      activeShows: 2, // the past and the cancelled show do not count
      totalBookings: 0,
      totalRevenue: 0,
      totalMovies: 2,
      trends: { showsNext7Days: 1, bookingsLast7Days: 0, revenueLast7Days: 0 },
    });
    expect(before.totalUser).toBe(3); // each signed in just now
    expect(before.trends.newUsersLast7Days).toBe(3);

    await book(asha, firstShow, ['A1', 'A2'], true); // ₹400 paid
    const unpaid = await book(asha, firstShow, ['B1']); // pending: not counted
    const cancelled = await book(ravi, secondShow, ['C1', 'C2', 'C3'], true); // ₹450 paid, then cancelled
    const during = await dashboard();
    expect(during).toMatchObject({ totalBookings: 2, totalRevenue: 850, trends: { bookingsLast7Days: 2 } });

    expect((await call('PUT', `/api/bookings/${cancelled}/cancel`, ravi)).statusCode).toBe(200);
    expect((await call('PUT', `/api/bookings/${unpaid}/cancel`, asha)).statusCode).toBe(200);
    const after = await dashboard();
    expect(after).toMatchObject({
      totalBookings: 1,
      totalRevenue: 400,
      activeShows: 2,
      trends: { revenueLast7Days: 400 },
    });
  });

  it('formats nothing itself: figures are numbers, revenue in rupees', async () => {
    const figures = await dashboard();
    for (const key of ['activeShows', 'totalBookings', 'totalUser', 'totalRevenue'] as const)
      expect(typeof figures[key]).toBe('number');
  });
});

describe('all bookings', () => {
  it('lists every buyer’s bookings with name and email, newest first, and pages through them', async () => {
    const all = (await call('GET', '/api/admin/bookings', staff)).json<{
      bookings: Booking[];
      total: number;
    }>();
    expect(all.total).toBe(3);
    expect(all.bookings.map((b) => b.user.name)).toEqual(['=HYPERLINK("evil")', 'Asha Rao', 'Asha Rao']);
    expect(all.bookings[1]!.user.email).toBe(`asha-${process.pid}@example.com`);
    const page = (await call('GET', '/api/admin/bookings?page=2&pageSize=2', staff)).json();
    expect(page).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page.bookings).toHaveLength(1);
    expect((await call('GET', '/api/admin/bookings?page=0', staff)).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/bookings?pageSize=100000', staff)).statusCode).toBe(400);
  });

  it('filters by status, movie, show date and a search over id, name, email and title', async () => {
    const get = async (query: string) =>
      (await call('GET', `/api/admin/bookings?${query}`, staff)).json<{
        bookings: Booking[];
        total: number;
      }>();
    expect((await get('status=paid')).total).toBe(1);
    expect((await get('status=cancelled')).total).toBe(2);
    expect((await get(`movieId=${movieId}`)).total).toBe(2);
    expect((await get('q=asha')).total).toBe(2);
    expect((await get('q=SECOND feat')).total).toBe(1);
    expect((await get('q=100%25')).total).toBe(0);
    const one = (await get('status=paid')).bookings[0]!;
    expect((await get(`q=${one._id.slice(0, 8)}`)).bookings.map((b) => b._id)).toContain(one._id);
    expect((await get(`date=${one.show!.showDate}`)).total).toBe(2);
    expect((await call('GET', '/api/admin/bookings?status=lost', staff)).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/bookings?movieId=nope', staff)).statusCode).toBe(400);
  });

  it('filters by show, alone or with a date, in the list and the CSV, and refuses a bad show or date', async () => {
    const get = async (query: string) =>
      (await call('GET', `/api/admin/bookings?${query}`, staff)).json<{
        bookings: Booking[];
        total: number;
      }>();
    const first = await get(`showId=${firstShow}`);
    expect(first.total).toBe(2);
    expect(new Set(first.bookings.map((b) => b.show!._id))).toEqual(new Set([firstShow]));
    expect((await get(`showId=${secondShow}`)).total).toBe(1);
    const { showDate } = first.bookings[0]!.show!;
    expect((await get(`showId=${firstShow}&date=${showDate}`)).total).toBe(2);
    expect((await get(`showId=${secondShow}&date=${showDate}`)).total).toBe(0);
    expect((await get(`showId=${pastShow}`)).total).toBe(0);
    const csvLines = async (query: string) =>
      (await call('GET', `/api/admin/bookings.csv?${query}`, staff)).body.trimEnd().split('\r\n');
    expect(await csvLines(`showId=${firstShow}`)).toHaveLength(3);
    expect(await csvLines(`showId=${firstShow}&date=${showDate}&status=paid`)).toHaveLength(2);
    for (const url of ['/api/admin/bookings', '/api/admin/bookings.csv']) {
      for (const [query, message] of [
        ['showId=nope', 'Unknown id'],
        ['date=2026-02-30', 'date is YYYY-MM-DD'],
        ['date=27-11-2026', 'date is YYYY-MM-DD'],
      ] as const) {
        const response = await call('GET', `${url}?${query}`, staff);
        expect(response.statusCode, `${url}?${query}`).toBe(400);
        expect(response.json()).toEqual({ success: false, message });
      }
    }
  });

  it('exports the filtered bookings as CSV that a spreadsheet cannot be tricked by', async () => {
    const response = await call('GET', '/api/admin/bookings.csv', staff);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="marquee-bookings-/);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines.some((line) => line.includes(`"'=HYPERLINK(""evil"")"`))).toBe(true);
    const paidOnly = await call('GET', '/api/admin/bookings.csv?status=paid', staff);
    expect(paidOnly.body.trimEnd().split('\r\n')).toHaveLength(2);
  });

  it('writes the screen, how it was paid, any refund, and every time on the cinema’s clock, saying so', async () => {
    const zone = t.config.CINEMA_TIMEZONE;
    const [header, ...rows] = (await call('GET', '/api/admin/bookings.csv', staff)).body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(header).toBe(
      'Booking ID,Reference,Movie,Screen,User,Email,Show Date,' +
        `Show Time (${zone}),Seats,Amount (INR),Status,Payment Method,Refund Status,Refund Amount (INR),` +
        `Booked At (${zone}),Checked In At (${zone}),Channel,Invoice Number,GST Included (INR)`,
    );
    // The cinema's wall clock, written by the platform rather than the app's own helpers.
    const wallClock = new Intl.DateTimeFormat('sv-SE', {
      timeZone: zone,
      dateStyle: 'short',
      timeStyle: 'short',
    });
    const listed = (await call('GET', '/api/admin/bookings', staff)).json<{ bookings: Booking[] }>().bookings;
    const byId = new Map(listed.map((b) => [b._id, b]));
    const paid = rows.map((row) => row.split(',')).find((cells) => cells[8] === 'A1 A2')!;
    const booking = byId.get(paid[0]!)!;
    expect(paid).toEqual([
      booking._id,
      booking.reference,
      'Dashboard Movie',
      booking.show!.screen.name,
      'Asha Rao',
      `asha-${process.pid}@example.com`,
      booking.show!.showDate,
      booking.show!.showTime,
      'A1 A2',
      '400.00',
      'paid',
      'Sandbox',
      '',
      '',
      wallClock.format(new Date(booking.createdAt)),
      '',
      'Online',
      booking.invoiceNumber,
      // Two ₹200 seats at 18 %: ₹30.51 of GST in each.
      '61.02',
    ]);
    expect(booking.invoiceNumber).toMatch(/^MQ\d{4}-\d{6}$/);
    // Ravi's paid booking was cancelled: its money is owed back, and the file says so.
    expect(
      rows.some((row) => /,C1 C2 C3,450\.00,cancelled,Sandbox,(Pending|Refunded),450\.00,/.test(row)),
    ).toBe(true);
    // Never paid: no method, no refund.
    expect(rows.some((row) => /,B1,200\.00,cancelled,,,,/.test(row))).toBe(true);
    // Nor an invoice, so no GST either.
    expect(rows.some((row) => /,B1,200\.00,cancelled,.*,Online,,$/.test(row))).toBe(true);
  });
});

describe('all shows', () => {
  it('lists upcoming shows first with seats sold and held, then past ones, with filters', async () => {
    await book(ravi, firstShow, ['D1']); // held
    const list = (await call('GET', '/api/admin/shows', staff)).json<{ shows: AdminShow[]; total: number }>();
    expect(list.total).toBe(4);
    expect(list.shows.map((s) => s._id)).toEqual([
      firstShow,
      expect.any(String), // the cancelled one, 30 h ahead
      secondShow,
      pastShow,
    ]);
    expect(list.shows[0]).toMatchObject({
      movie: { title: 'Dashboard Movie' },
      seatsSold: 2,
      seatsHeld: 1,
      bookingCount: 3,
      availableSeats: 93,
      status: 'active',
    });
    const get = async (query: string) =>
      (await call('GET', `/api/admin/shows?${query}`, staff)).json<{ shows: AdminShow[] }>().shows;
    expect((await get('status=cancelled')).map((s) => s.status)).toEqual(['cancelled']);
    expect((await get('status=past')).map((s) => s._id)).toEqual([pastShow]);
    expect((await get(`movieId=${movieId}`)).map((s) => s._id)).toEqual([firstShow, pastShow]);
    expect(await get(`date=${list.shows[0]!.showDate}&movieId=${movieId}`)).toHaveLength(1);
    expect((await call('GET', '/api/admin/shows?status=gone', staff)).statusCode).toBe(400);
  });
});

describe('audit log', () => {
  it('shows staff and payment events newest first, with who did them', async () => {
    const response = await call('GET', '/api/admin/audit?pageSize=100', staff);
    const { entries, total } = response.json<{
      entries: { action: string; actor: { name: string } | null }[];
      total: number;
    }>();
    expect(total).toBe(entries.length);
    const actions = entries.map((e) => e.action);
    expect(actions).toContain('payment.payment.succeeded');
    expect(actions).toContain('booking.cancel');
    expect(entries.find((e) => e.action === 'booking.cancel')?.actor?.name).toBeDefined();
    const filtered = (await call('GET', '/api/admin/audit?action=booking.', staff)).json<{
      entries: { action: string }[];
    }>();
    expect(filtered.entries.every((e) => e.action.startsWith('booking.'))).toBe(true);
  });
});

describe('audit names', () => {
  it('names each entry’s show, movie, user and booking, on the cinema’s clock, in one page read', async () => {
    const { db } = t.testDb.database;
    const zone = t.config.CINEMA_TIMEZONE;
    const [show] = await db.select().from(shows).where(eq(shows.id, firstShow));
    const gone = randomUUID();
    for (const [entityType, entityId] of [
      ['show', firstShow],
      ['movie', movieId],
      ['user', asha.userId],
      ['show', gone],
      ['show', 'not-a-uuid'],
    ] as const) {
      await recordAudit(db, { actorId: staff.userId, action: 'test.name', entityType, entityId });
    }
    const { entries } = (await call('GET', '/api/admin/audit?pageSize=100', staff)).json<{
      entries: AuditEntryView[];
    }>();
    const named = (entityType: string, entityId: string) =>
      entries.find((e) => e.action === 'test.name' && e.entityType === entityType && e.entityId === entityId)
        ?.entityName;
    // Written by the platform, not the app's own date helpers: 'Sun, 29 Nov', day before month.
    const dayParts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      weekday: 'short',
      month: 'short',
      day: 'numeric',
    });
    const day = {
      format(at: Date) {
        const parts = dayParts.formatToParts(at);
        const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
        return `${part('weekday')}, ${part('day')} ${part('month')}`;
      },
    };
    const time = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' });
    expect(named('show', firstShow)).toBe(
      `Dashboard Movie, ${day.format(show!.startsAt)}, ${time.format(show!.startsAt)}, ${show!.screenName}`,
    );
    expect(named('movie', movieId)).toBe('Dashboard Movie');
    expect(named('user', asha.userId)).toBe(`Asha Rao (asha-${process.pid}@example.com)`);
    expect(named('show', gone)).toBeNull();
    expect(named('show', 'not-a-uuid')).toBeNull();
    // Entries the app wrote itself: a cancelled booking is named by its reference.
    const cancel = entries.find((e) => e.action === 'booking.cancel')!;
    const [booking] = await db.select().from(bookings).where(eq(bookings.id, cancel.entityId!));
    expect(cancel.entityName).toBe(booking!.reference);
  });
});

// Last in the file: its bookings, far in the future, would count in the totals above.
describe('the cards’ comparison', () => {
  it('sets today so far against the same weekday last week up to the same time', async () => {
    const { db } = t.testDb.database;
    const at = (date: string, hour: number) => fromZonedParts(date, hour * 60, 'Asia/Kolkata');
    // Saturday 15 March 2031, 1 PM in Kolkata; last week is Saturday the 8th.
    const now = at('2031-03-15', 13);
    for (const startsAt of [at('2031-03-15', 18), at('2031-03-15', 21), at('2031-03-08', 18)])
      await insertShow(db, { movieId, startsAt, pricePaise: 10_000 });
    await insertShow(db, {
      movieId,
      startsAt: at('2031-03-15', 22),
      pricePaise: 10_000,
      status: 'cancelled',
    });
    const made = async (paidAt: Date, seats: string[], status: 'paid' | 'pending' = 'paid') => {
      const id = await insertBooking(db, {
        userId: asha.userId,
        showId: secondShow,
        seats,
        now: paidAt,
        status,
      });
      await db.update(bookings).set({ createdAt: paidAt, paidAt }).where(eq(bookings.id, id));
    };
    await made(at('2031-03-15', 9), ['D1', 'D2']); // today: ₹300
    await made(at('2031-03-15', 12), ['D3'], 'pending'); // unpaid: not counted
    await made(at('2031-03-08', 11), ['D4']); // last week before 1 PM: ₹150
    await made(at('2031-03-08', 14), ['D5']); // last week after 1 PM: not yet comparable
    await made(at('2031-03-14', 23), ['D6']); // the day before: neither
    const joined = await insertUser(db, { name: 'New', email: `new-${process.pid}@example.com` });
    await db
      .update(users)
      .set({ createdAt: at('2031-03-08', 10) })
      .where(eq(users.id, joined.id));

    expect((await dashboardFigures(db, now, 'Asia/Kolkata')).sameDayLastWeek).toEqual({
      date: '2031-03-08',
      today: { shows: 2, bookings: 1, newUsers: 0, revenue: 300 },
      lastWeek: { shows: 1, bookings: 1, newUsers: 1, revenue: 150 },
    });
  });
});
