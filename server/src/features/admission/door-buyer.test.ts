import { addDays, fromZonedParts, zonedDate, type Booking, type DoorBooking } from '@marquee/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type SignedIn, type TestApp } from '../../../test/app.ts';
import { insertMovie, insertShow } from '../../fixtures/factories.ts';
import { users } from '../../db/schema.ts';

// Issue 34: the door sees whom to call (the buyer's mobile number, staff only), and a counter
// sale's buyer is its customer wherever a buyer is shown, never the cashier who sold it.
let t: TestApp;
let asha: SignedIn;
let cashier: SignedIn;
let admin: SignedIn;
let showId: string;
let startsAt: Date;
let bookedAt: Date;
const MINUTE = 60_000;
const CASHIER_PHONE = '+919800000001';

beforeAll(async () => {
  t = await createTestApp();
  const timeZone = t.config.CINEMA_TIMEZONE;
  startsAt = fromZonedParts(addDays(zonedDate(t.clock.now, timeZone), 2), 18 * 60, timeZone);
  bookedAt = t.clock.now;
  const { db } = t.testDb.database;
  const movie = await insertMovie(db, { title: 'Door Buyer', runtime: '100 min' });
  showId = (await insertShow(db, { movieId: movie.id, startsAt })).id;
  asha = await signUp(t.app, { name: 'Asha Online' });
  cashier = await signUp(t.app, { name: 'Cashier Kiran' });
  admin = await signUp(t.app, { name: 'Admin' });
  await db.update(users).set({ phone: '+919876543210' }).where(eq(users.id, asha.userId));
  // The cashier has a mobile number too: it must find none of the customers' bookings.
  await db.update(users).set({ role: 'staff', phone: CASHIER_PHONE }).where(eq(users.id, cashier.userId));
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
  const shift = await call('POST', '/api/boxoffice/shifts', cashier, { openingFloat: 0 });
  expect(shift.statusCode, shift.body).toBe(201);
}, 180_000);
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, who: SignedIn | null, payload?: object) =>
  t.app.inject({ method, url, headers: who?.bearer ?? {}, ...(payload ? { payload } : {}) });

async function onlineBooking(seats: string[]) {
  t.clock.now = bookedAt;
  const body = (await call('POST', '/api/bookings/create', asha, { showId, selectedSeats: seats })).json<{
    bookingId: string;
    url: string;
  }>();
  const paid = await call('POST', `/api/payments/${body.url.split('/pay/')[1]}/sandbox-pay`, asha, {});
  expect(paid.statusCode).toBe(200);
  return body.bookingId;
}

async function counterSale(seats: string[], customer?: object) {
  t.clock.now = bookedAt;
  const sold = await call('POST', '/api/boxoffice/sales', cashier, {
    showId,
    selectedSeats: seats,
    payment: { method: 'cash' },
    ...(customer ? { customer } : {}),
  });
  expect(sold.statusCode, sold.body).toBe(201);
  return sold.json<{ booking: Booking }>().booking;
}

const doorList = async () => {
  const answer = await call('GET', `/api/door/shows/${showId}/bookings`, cashier);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ bookings: DoorBooking[] }>().bookings;
};

describe('the buyer at the door', () => {
  it("lists each party with the buyer's mobile number, a counter sale's customer as its buyer", async () => {
    const online = await onlineBooking(['A1', 'A2']);
    const counter = await counterSale(['B1', 'B2', 'B3'], { name: 'Meera Walk-in', phone: '098765 40007' });
    const walkIn = await counterSale(['C1']);
    expect(counter.user).toMatchObject({ name: 'Meera Walk-in', phone: '+919876540007', email: null });
    t.clock.now = new Date(startsAt.getTime() - 30 * MINUTE);

    const list = await doorList();
    const byId = new Map(list.map((b) => [b._id, b]));
    expect(byId.get(online)).toMatchObject({ name: 'Asha Online', phone: '+919876543210' });
    expect(byId.get(counter._id)).toMatchObject({ name: 'Meera Walk-in', phone: '+919876540007' });
    expect(byId.get(walkIn._id)).toMatchObject({ name: 'Walk-in customer', phone: null });
    expect(JSON.stringify(list)).not.toContain('Cashier Kiran');
    expect(JSON.stringify(list)).not.toContain(CASHIER_PHONE);

    // Admitting the counter party: the answer names the customer and carries their number.
    const admitted = await call('POST', '/api/checkin', cashier, { reference: counter.reference, count: 2 });
    expect(admitted.statusCode, admitted.body).toBe(200);
    expect(admitted.json<{ booking: Booking }>().booking.user).toMatchObject({
      name: 'Meera Walk-in',
      phone: '+919876540007',
    });
    // The printed ticket and receipt name the customer too.
    const ticket = await call('GET', `/api/bookings/${counter._id}/ticket`, cashier);
    expect(ticket.json().ticket.name).toBe('Meera Walk-in');
  });

  it('is shown to staff only', async () => {
    expect((await call('GET', `/api/door/shows/${showId}/bookings`, asha)).statusCode).toBe(403);
    expect((await call('GET', `/api/door/shows/${showId}/bookings`, null)).statusCode).toBe(401);
    // The buyer's own view of a booking carries no mobile number or email.
    const mine = await call('GET', '/api/bookings/user?status=all', asha);
    for (const booking of mine.json<{ bookings: Booking[] }>().bookings)
      expect(Object.keys(booking.user).sort()).toEqual(['_id', 'name']);
  });
});

describe("a counter sale's buyer", () => {
  it('is the customer in the admin bookings list and its search, never the cashier', async () => {
    t.clock.now = bookedAt;
    const sale = await counterSale(['D1'], {
      name: 'Ravi Counter',
      phone: '+91 90000 11122',
      email: 'ravi.counter@example.com',
    });
    const list = async (q: string) => {
      const answer = await call('GET', `/api/admin/bookings?q=${encodeURIComponent(q)}`, admin);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<{ bookings: Booking[]; total: number }>();
    };
    const byName = await list('Ravi Counter');
    expect(byName.bookings.map((b) => b._id)).toEqual([sale._id]);
    expect(byName.total).toBe(1);
    expect(byName.bookings[0]!.user).toMatchObject({
      name: 'Ravi Counter',
      email: 'ravi.counter@example.com',
      phone: '+919000011122',
    });
    expect((await list('ravi.counter@')).bookings.map((b) => b._id)).toEqual([sale._id]);
    expect((await list('9000011122')).bookings.map((b) => b._id)).toEqual([sale._id]);
    // The cashier's name, email and number find none of the sales they made.
    const byCashier = await list('Cashier Kiran');
    expect(byCashier.bookings).toEqual([]);
    expect(byCashier.total).toBe(0);
    expect((await list(CASHIER_PHONE)).bookings).toEqual([]);
  });

  it('is found by the customer’s mobile number at the counter, and the cashier’s finds nothing', async () => {
    t.clock.now = bookedAt;
    const sale = await counterSale(['E1', 'E2'], { name: 'Sunita Phone', phone: '9123456780' });
    const find = async (phone: string) => {
      const answer = await call('GET', `/api/boxoffice/bookings?phone=${encodeURIComponent(phone)}`, cashier);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<{ bookings: Booking[] }>().bookings;
    };
    const found = await find('+91 91234 56780');
    expect(found.map((b) => b._id)).toEqual([sale._id]);
    expect(found[0]!.user).toMatchObject({ name: 'Sunita Phone', phone: '+919123456780' });
    expect(await find(CASHIER_PHONE)).toEqual([]);
    const byReference = await call('GET', `/api/boxoffice/bookings/${sale.reference}`, cashier);
    expect(byReference.json<{ booking: Booking }>().booking.user.name).toBe('Sunita Phone');
  });
});
