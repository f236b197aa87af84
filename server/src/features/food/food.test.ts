import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type SignedIn, type TestApp } from '../../../test/app.ts';
import { openDatabase } from '../../db/client.ts';
import { insertMovie, insertShow } from '../../fixtures/factories.ts';
import { bookingItems, products, users } from '../../db/schema.ts';
import { releaseExpiredHolds } from '../bookings/release-expired.ts';

/**
 * Food and drink (CONTRACT §12) on either database (the vitest project decides): the menu's admin,
 * stock claimed with the hold under concurrency (on PostgreSQL over two app instances, as two
 * processes), given back once when a hold lapses or a booking is cancelled, the invoice's item
 * lines, and collecting at the door.
 */
let t: TestApp;
let second: TestApp | undefined;
let urls: string[];
let admin: SignedIn;
let staff: SignedIn;
let asha: SignedIn;
let buyers: SignedIn[];
let showId: string;
let movieId: string;
const WINDOW_MS = 10 * 60_000;

beforeAll(async () => {
  t = await createTestApp({ env: { PAYMENT_WINDOW_SECONDS: String(WINDOW_MS / 1000) } });
  const apps: FastifyInstance[] = [t.app];
  if (t.testDb.url) {
    const database = await openDatabase({ databaseUrl: t.testDb.url, migrate: false, poolSize: 10 });
    second = await createTestApp({
      env: { PAYMENT_WINDOW_SECONDS: String(WINDOW_MS / 1000) },
      testDb: { database, url: t.testDb.url, drop: () => database.close() },
    });
    apps.push(second.app);
  }
  urls = [];
  for (const app of apps) urls.push(await app.listen({ port: 0, host: '127.0.0.1' }));
  const { db } = t.testDb.database;
  movieId = (await insertMovie(db, { title: 'Snack Attack' })).id;
  showId = await newShow();
  admin = await signUp(t.app, { name: 'Admin' });
  await db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
  staff = await signUp(t.app, { name: 'Door' });
  await db.update(users).set({ role: 'staff' }).where(eq(users.id, staff.userId));
  asha = await signUp(t.app, { name: 'Asha' });
  buyers = [];
  for (let i = 0; i < 12; i++) buyers.push(await signUp(t.app, { name: `Buyer ${i}` }));
});
afterAll(async () => {
  await second?.close();
  await t.close();
});

let shows = 0;
async function newShow(): Promise<string> {
  shows += 1;
  return (
    await insertShow(t.testDb.database.db, {
      movieId,
      startsAt: new Date(t.clock.now.getTime() + 3 * 86_400_000 + shows * 4 * 3_600_000),
      pricePaise: 30_000,
    })
  ).id;
}

async function addProduct(fields: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/products',
    headers: admin.bearer,
    payload: fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ product: { _id: string; stock: number | null } }>().product;
}

const book = (who: SignedIn, seats: string[], items?: unknown, forShow = showId) =>
  t.app.inject({
    method: 'POST',
    url: '/api/bookings/create',
    headers: who.bearer,
    payload: { showId: forShow, selectedSeats: seats, ...(items === undefined ? {} : { items }) },
  });

async function pay(who: SignedIn, url: string) {
  const paymentId = url.split('/pay/')[1];
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/payments/${paymentId}/sandbox-pay`,
    headers: who.bearer,
    payload: {},
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function stockOf(id: string): Promise<number | null> {
  const [row] = await t.testDb.database.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, id));
  return row!.stock;
}

/** Units of a product held by live claims: with the stock, what the product started with. */
async function liveClaims(id: string): Promise<number> {
  const [row] = await t.testDb.database.db
    .select({ units: sql<number>`coalesce(sum(${bookingItems.quantity}), 0)`.mapWith(Number) })
    .from(bookingItems)
    .where(sql`${bookingItems.productId} = ${id} and ${bookingItems.isLive}`);
  return row!.units;
}

describe('the menu', () => {
  it('admins add, edit, retire and reorder products; buyers see the active ones in order', async () => {
    const cola = await addProduct({
      name: 'Cola',
      price: 120,
      taxRate: 18,
      image: 'https://img.example/cola.png',
    });
    expect(cola).toMatchObject({ name: 'Cola', price: 120, taxRate: 18, stock: null, active: true });
    const nachos = await addProduct({ name: 'Nachos', price: '150.50', stock: '20' });
    expect(nachos).toMatchObject({ price: 150.5, taxRate: 5, stock: 20, image: null });

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${nachos._id}`,
      headers: admin.bearer,
      payload: { stock: 15, price: 160 },
    });
    expect(edited.json()).toMatchObject({ success: true, product: { stock: 15, price: 160 } });

    const all = (
      await t.app.inject({ method: 'GET', url: '/api/admin/products', headers: admin.bearer })
    ).json<{ products: { _id: string }[] }>().products;
    const reversed = all.map((p) => p._id).reverse();
    const reordered = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products/reorder',
      headers: admin.bearer,
      payload: { ids: reversed },
    });
    expect(reordered.statusCode, reordered.body).toBe(200);

    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${cola._id}`,
      headers: admin.bearer,
      payload: { active: false },
    });
    const menu = (await t.app.inject({ method: 'GET', url: '/api/products' })).json<{
      products: { _id: string }[];
    }>();
    expect(menu.products.map((p) => p._id)).toEqual(reversed.filter((id) => id !== cola._id));
  });

  it('refuses staff (403), strangers (401) and bad input (400)', async () => {
    const byStaff = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: staff.bearer,
      payload: { name: 'X', price: 10 },
    });
    expect(byStaff.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      payload: { name: 'X', price: 10 },
    });
    expect(anonymous.statusCode).toBe(401);
    for (const payload of [
      { price: 10 },
      { name: 'X', price: -1 },
      { name: 'X', price: 10, stock: -1 },
      { name: 'X', price: 10, stock: 1.5 },
      { name: 'X', price: 10, taxRate: 101 },
      { name: 'X', price: 10, image: 'javascript:alert(1)' },
      { name: 'X', price: 10, colour: 'red' },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/admin/products',
        headers: admin.bearer,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/products/00000000-0000-4000-8000-000000000000',
      headers: admin.bearer,
      payload: { stock: 1 },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('buying food and drink with the seats', () => {
  it('charges seats plus items, answers the items and lists them on the invoice at their own rate', async () => {
    const popcorn = await addProduct({ name: 'Popcorn', price: 180, stock: 50 });
    const response = await book(asha, ['C1'], [{ productId: popcorn._id, quantity: 2 }]);
    expect(response.statusCode, response.body).toBe(200);
    const created = response.json<{ bookingId: string; url: string; booking: Record<string, unknown> }>();
    expect(created.booking).toMatchObject({
      amount: 300 + 360,
      items: [{ productId: popcorn._id, name: 'Popcorn', quantity: 2, price: 180 }],
      itemsCollectedAt: null,
      // The seat's ₹45.76 at 18 % and the popcorn's ₹17.14 at 5 % (the invoice below, line by line).
      gst: 62.9,
    });
    expect(await stockOf(popcorn._id)).toBe(48);
    await pay(asha, created.url);
    const invoice = (
      await t.app.inject({
        method: 'GET',
        url: `/api/bookings/${created.bookingId}/invoice`,
        headers: asha.bearer,
      })
    ).json<{ invoice: { lines: Record<string, unknown>[]; totals: { total: number } } }>().invoice;
    expect(invoice.totals.total).toBe(660);
    expect(invoice.lines).toHaveLength(2);
    expect(invoice.lines[0]).toMatchObject({ quantity: 1, rate: 18, total: 300 });
    // ₹360 at 5 %: taxable round(36000 × 100 / 105) = 34286 paise, GST 1714 → 857 + 857.
    expect(invoice.lines[1]).toMatchObject({
      description: 'Popcorn',
      quantity: 2,
      unitPrice: 180,
      rate: 5,
      taxableValue: 342.86,
      cgst: 8.57,
      sgst: 8.57,
      total: 360,
    });
  });

  it('refuses bad items with a 400 and holds nothing', async () => {
    const samosa = await addProduct({ name: 'Samosa', price: 60, stock: 5 });
    const retired = await addProduct({ name: 'Old Fries', price: 90, stock: 5, active: false });
    for (const [items, message] of [
      [[{ productId: samosa._id, quantity: 0 }], 'Choose between 1 and 10 of each item'],
      [[{ productId: samosa._id, quantity: 11 }], 'Choose between 1 and 10 of each item'],
      [[{ productId: samosa._id, quantity: 1.5 }], 'Choose between 1 and 10 of each item'],
      [
        [
          { productId: samosa._id, quantity: 6 },
          { productId: samosa._id, quantity: 5 },
        ],
        'Choose between 1 and 10 of each item',
      ],
      [[{ productId: '00000000-0000-4000-8000-000000000000', quantity: 1 }], 'Product not found'],
      [[{ productId: 'popcorn', quantity: 1 }], 'Product not found'],
      [[{ productId: retired._id, quantity: 1 }], 'Old Fries is no longer on the menu'],
      ['popcorn', undefined],
    ] as const) {
      const response = await book(asha, ['D1'], items);
      expect(response.statusCode, JSON.stringify(items)).toBe(400);
      if (message) expect(response.json()).toMatchObject({ success: false, message });
    }
    expect(await stockOf(samosa._id)).toBe(5);
    // Nothing was held: D1 is free.
    expect((await book(asha, ['D1'])).statusCode).toBe(200);
  });

  it('12 buyers racing for the last 5 units: exactly 5 get one, the rest 409 and hold nothing', async () => {
    const show = await newShow();
    const popcorn = await addProduct({ name: 'Large Popcorn', price: 250, stock: 5 });
    const responses = await Promise.all(
      buyers.map((buyer, i) =>
        fetch(`${urls[i % urls.length]}/api/bookings/create`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...buyer.bearer },
          body: JSON.stringify({
            showId: show,
            selectedSeats: [`E${i + 1}`],
            items: [{ productId: popcorn._id, quantity: 1 }],
          }),
        }).then(async (r) => ({ status: r.status, body: (await r.json()) as { message: string } })),
      ),
    );
    const won = responses.filter((r) => r.status === 200);
    const lost = responses.filter((r) => r.status !== 200);
    expect(won).toHaveLength(5);
    for (const r of lost) {
      expect(r.status).toBe(409);
      expect(r.body.message).toBe('Only 0 Large Popcorn left');
    }
    expect(await stockOf(popcorn._id)).toBe(0);
    expect(await liveClaims(popcorn._id)).toBe(5);
    // The losers hold no seats either.
    const seats = (await t.app.inject({ method: 'GET', url: `/api/bookings/seats/${show}` })).json<{
      occupiedSeats: Record<string, unknown>;
    }>().occupiedSeats;
    expect(Object.keys(seats)).toHaveLength(5);
  });

  it('12 buyers wanting 2 or 3 of 5 units never take more than 5', async () => {
    const show = await newShow();
    const cola = await addProduct({ name: 'Cola Can', price: 80, stock: 5 });
    const responses = await Promise.all(
      buyers.map((buyer, i) =>
        fetch(`${urls[i % urls.length]}/api/bookings/create`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...buyer.bearer },
          body: JSON.stringify({
            showId: show,
            selectedSeats: [`F${i + 1}`],
            items: [{ productId: cola._id, quantity: 2 + (i % 2) }],
          }),
        }).then((r) => r.status),
      ),
    );
    expect(responses.every((status) => status === 200 || status === 409)).toBe(true);
    const stock = (await stockOf(cola._id))!;
    expect(stock).toBeGreaterThanOrEqual(0);
    expect(stock + (await liveClaims(cola._id))).toBe(5);
    expect(await liveClaims(cola._id)).toBeGreaterThanOrEqual(4);
  });

  it('a lapsed hold gives its stock back once (the sweep, then a hold on the show)', async () => {
    const show = await newShow();
    const tea = await addProduct({ name: 'Masala Tea', price: 40, stock: 3 });
    const first = await book(asha, ['G1'], [{ productId: tea._id, quantity: 3 }], show);
    expect(first.statusCode, first.body).toBe(200);
    expect(await stockOf(tea._id)).toBe(0);
    const short = await book(asha, ['G2'], [{ productId: tea._id, quantity: 1 }], show);
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({ message: 'Only 0 Masala Tea left' });

    const later = new Date(t.clock.now.getTime() + WINDOW_MS + 1000);
    const { db } = t.testDb.database;
    expect(
      (await releaseExpiredHolds({ db, now: new Date(t.clock.now.getTime() + 1000) })).bookingIds,
    ).toEqual([]);
    expect(await stockOf(tea._id)).toBe(0);
    const released = await releaseExpiredHolds({ db, now: later });
    expect(released.bookingIds).toContain(first.json<{ bookingId: string }>().bookingId);
    expect(await stockOf(tea._id)).toBe(3);
    await releaseExpiredHolds({ db, now: later });
    expect(await stockOf(tea._id)).toBe(3);

    // A hold that finds a lapsed one on its show releases it on the way, and the stock with it.
    const again = await book(asha, ['G3'], [{ productId: tea._id, quantity: 2 }], show);
    expect(again.statusCode).toBe(200);
    t.clock.now = new Date(t.clock.now.getTime() + WINDOW_MS + 1000);
    try {
      const next = await book(asha, ['G4'], [{ productId: tea._id, quantity: 3 }], show);
      expect(next.statusCode, next.body).toBe(200);
      expect(await stockOf(tea._id)).toBe(0);
      expect(await liveClaims(tea._id)).toBe(3);
    } finally {
      t.clock.now = new Date(t.clock.now.getTime() - WINDOW_MS - 1000);
    }
  });

  it('cancelling gives the stock back once, pending or paid', async () => {
    const water = await addProduct({ name: 'Water', price: 30, stock: 10 });
    const pending = (await book(asha, ['H1'], [{ productId: water._id, quantity: 4 }])).json<{
      bookingId: string;
    }>();
    const paid = (await book(asha, ['H2'], [{ productId: water._id, quantity: 3 }])).json<{
      bookingId: string;
      url: string;
    }>();
    await pay(asha, paid.url);
    expect(await stockOf(water._id)).toBe(3);
    for (const id of [pending.bookingId, paid.bookingId, pending.bookingId, paid.bookingId]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/bookings/${id}/cancel`,
        headers: asha.bearer,
      });
      expect(response.statusCode).toBe(200);
    }
    expect(await stockOf(water._id)).toBe(10);
    expect(await liveClaims(water._id)).toBe(0);
  });

  it('items already handed over are not given back to stock when the booking is cancelled', async () => {
    const popcorn = await addProduct({ name: 'Handed Popcorn', price: 150, stock: 5 });
    const made = (await book(asha, ['H3'], [{ productId: popcorn._id, quantity: 2 }])).json<{
      bookingId: string;
      url: string;
    }>();
    await pay(asha, made.url);
    const collected = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${made.bookingId}/collect`,
      headers: staff.bearer,
    });
    expect(collected.statusCode, collected.body).toBe(200);
    const cancelled = await t.app.inject({
      method: 'PUT',
      url: `/api/bookings/${made.bookingId}/cancel`,
      headers: staff.bearer,
      payload: { reason: 'Left during the film' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // The claim ended, but the two eaten were not put back on the shelf.
    expect(await liveClaims(popcorn._id)).toBe(0);
    expect(await stockOf(popcorn._id)).toBe(3);
  });

  it('a late payment takes the items back if they are still there, and is refunded if not', async () => {
    const show = await newShow();
    const nuts = await addProduct({ name: 'Nuts', price: 50, stock: 2 });
    const late = (await book(asha, ['A1'], [{ productId: nuts._id, quantity: 2 }], show)).json<{
      url: string;
    }>();
    const gone = (await book(asha, ['A2'], [{ productId: nuts._id, quantity: 1 }], show)).json();
    expect(gone).toMatchObject({ success: false, message: 'Only 0 Nuts left' });
    const chips = await addProduct({ name: 'Chips', price: 60, stock: 1 });
    const refused = (await book(asha, ['A3'], [{ productId: chips._id, quantity: 1 }], show)).json<{
      url: string;
    }>();

    const start = t.clock.now;
    t.clock.now = new Date(start.getTime() + WINDOW_MS + 1000);
    try {
      await releaseExpiredHolds({ db: t.testDb.database.db, now: t.clock.now });
      expect(await stockOf(nuts._id)).toBe(2);
      expect(await stockOf(chips._id)).toBe(1);
      // Someone else buys the last chips meanwhile.
      expect((await book(buyers[0]!, ['A4'], [{ productId: chips._id, quantity: 1 }], show)).statusCode).toBe(
        200,
      );

      const paymentOf = (url: string) => url.split('/pay/')[1];
      const honoured = await t.app.inject({
        method: 'POST',
        url: `/api/payments/${paymentOf(late.url)}/sandbox-pay`,
        headers: asha.bearer,
        payload: {},
      });
      expect(honoured.statusCode, honoured.body).toBe(200);
      expect(await stockOf(nuts._id)).toBe(0);
      expect(await liveClaims(nuts._id)).toBe(2);

      const refund = await t.app.inject({
        method: 'POST',
        url: `/api/payments/${paymentOf(refused.url)}/sandbox-pay`,
        headers: asha.bearer,
        payload: {},
      });
      expect(refund.statusCode).toBe(409);
      expect(refund.json<{ message: string }>().message).toContain('food and drink sold out');
      expect(await stockOf(chips._id)).toBe(0);
      expect(await liveClaims(chips._id)).toBe(1);
    } finally {
      t.clock.now = start;
    }
  });

  it('a show the cinema cancels gives back the stock of every booking on it, in one go', async () => {
    const show = await newShow();
    const juice = await addProduct({ name: 'Juice', price: 90, stock: 10 });
    const paid = (await book(asha, ['B1'], [{ productId: juice._id, quantity: 3 }], show)).json<{
      url: string;
    }>();
    await pay(asha, paid.url);
    expect((await book(buyers[1]!, ['B2'], [{ productId: juice._id, quantity: 4 }], show)).statusCode).toBe(
      200,
    );
    expect(await stockOf(juice._id)).toBe(3);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/shows/${show}/cancel`,
      headers: admin.bearer,
      payload: { reason: 'Projector broke' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await stockOf(juice._id)).toBe(10);
    expect(await liveClaims(juice._id)).toBe(0);
  });

  it('unlimited products are never short and keep no count', async () => {
    const coffee = await addProduct({ name: 'Coffee', price: 70 });
    const response = await book(asha, ['A5'], [{ productId: coffee._id, quantity: 10 }]);
    expect(response.statusCode, response.body).toBe(200);
    expect(await stockOf(coffee._id)).toBeNull();
  });
});

describe('collecting at the door', () => {
  it('staff mark the items handed over once; again is a 409 with the time', async () => {
    const combo = await addProduct({ name: 'Combo', price: 299, stock: 10 });
    const made = await book(asha, ['A6'], [{ productId: combo._id, quantity: 1 }]);
    expect(made.statusCode, made.body).toBe(200);
    const created = made.json<{
      bookingId: string;
      url: string;
    }>();
    const collect = (who: SignedIn) =>
      t.app.inject({
        method: 'POST',
        url: `/api/bookings/${created.bookingId}/collect`,
        headers: who.bearer,
      });
    expect((await collect(staff)).json()).toMatchObject({ message: 'This booking is pending payment' });
    await pay(asha, created.url);
    expect((await collect(asha)).statusCode).toBe(403);

    const checkIn = await t.app.inject({
      method: 'POST',
      url: '/api/checkin',
      headers: staff.bearer,
      payload: { reference: 'NOPE99' },
    });
    expect(checkIn.statusCode).toBe(400);

    const first = await collect(staff);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      success: true,
      booking: { items: [{ name: 'Combo', quantity: 1 }] },
    });
    expect(first.json<{ booking: { itemsCollectedAt: string } }>().booking.itemsCollectedAt).toBeTruthy();
    const again = await collect(admin);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toMatch(/^Already collected at \d{1,2}:\d{2} (AM|PM)$/);

    const plain = (await book(asha, ['A7'])).json<{ bookingId: string; url: string }>();
    await pay(asha, plain.url);
    const nothing = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${plain.bookingId}/collect`,
      headers: staff.bearer,
    });
    expect(nothing.statusCode).toBe(409);
  });

  it('two staff pressing at once: one collects', async () => {
    const combo = await addProduct({ name: 'Twin Combo', price: 199, stock: 10 });
    const created = (await book(asha, ['A8'], [{ productId: combo._id, quantity: 2 }])).json<{
      bookingId: string;
      url: string;
    }>();
    await pay(asha, created.url);
    const statuses = await Promise.all(
      [staff, admin, staff, admin].map((who, i) =>
        fetch(`${urls[i % urls.length]}/api/bookings/${created.bookingId}/collect`, {
          method: 'POST',
          headers: who.bearer,
        }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(3);
  });
});
