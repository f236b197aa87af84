import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { Cluster } from '../../../test/cluster.ts';
import { testDatabaseKind } from '../../../test/database.ts';

// CONTRACT §11: online and counter share one seat inventory across processes. Two server
// processes on one PostgreSQL: in each of 20 rounds an online buyer on one and the counter on the
// other ask for the same two seats at once; exactly one gets them, and no seat is sold twice.

let cluster: Cluster | undefined;
afterAll(async () => cluster?.close());

describe.runIf(testDatabaseKind === 'postgres')(
  'the counter against online buyers, two processes',
  { timeout: 300_000 },
  () => {
    it('20 rounds of the same seats asked for at once: one winner each, never a seat twice', async () => {
      cluster = await Cluster.create();
      const a = await cluster.start({
        UNPAID_BOOKINGS_PER_SHOW: '100',
        UNPAID_BOOKINGS_LIMIT: '100',
        ADMIN_EMAIL: 'cashier@example.com',
        ADMIN_PASSWORD: 'correct-horse-9',
      });
      const b = await cluster.start({
        UNPAID_BOOKINGS_PER_SHOW: '100',
        UNPAID_BOOKINGS_LIMIT: '100',
        ADMIN_EMAIL: 'cashier@example.com',
        ADMIN_PASSWORD: 'correct-horse-9',
      });
      const cashier = (
        await b.call('POST', '/api/auth/sign-in/email', {
          email: 'cashier@example.com',
          password: 'correct-horse-9',
        })
      ).body.token as string;
      const buyer = (
        await a.call('POST', '/api/auth/sign-up/email', {
          name: 'Buyer',
          email: 'buyer@example.com',
          password: 'correct-horse-9',
        })
      ).body.token as string;
      expect((await b.call('POST', '/api/boxoffice/shifts', { openingFloat: 0 }, cashier)).status).toBe(201);
      const shows = (await a.call('GET', '/api/shows')).body.shows as { _id: string; totalSeats: number }[];
      const showId = shows.find((show) => show.totalSeats === 96)!._id;

      let online = 0;
      for (let round = 0; round < 20; round++) {
        // Pairs from the start of each row, so no sale leaves a single seat.
        const row = 'ABCD'[Math.floor(round / 6)]!;
        const seats = [`${row}${(round % 6) * 2 + 1}`, `${row}${(round % 6) * 2 + 2}`];
        const [viaWeb, viaCounter] = await Promise.all([
          a.call('POST', '/api/bookings/create', { showId, selectedSeats: seats }, buyer),
          b.call(
            'POST',
            '/api/boxoffice/sales',
            { showId, selectedSeats: seats, payment: { method: 'cash' } },
            cashier,
          ),
        ]);
        const statuses = [viaWeb.status, viaCounter.status];
        const detail = JSON.stringify([viaWeb.body, viaCounter.body]);
        expect(
          [
            [200, 409],
            [409, 201],
          ],
          detail,
        ).toContainEqual(statuses);
        if (viaWeb.status === 200) online++;
      }
      const { db } = cluster.database.database;
      const doubled = await db.execute(sql`
      select seat from booking_seats where show_id = ${showId} and is_live group by seat having count(*) > 1`);
      expect((doubled as unknown as { rows: unknown[] }).rows).toEqual([]);
      const live = await db.execute(
        sql`select count(*)::int as n from booking_seats where show_id = ${showId} and is_live`,
      );
      expect((live as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(40);
      const counter = await db.execute(sql`
      select count(*)::int as n from bookings where show_id = ${showId} and channel = 'counter' and status = 'paid'`);
      expect((counter as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(20 - online);
    });
  },
);
