import { afterAll, describe, expect, it } from 'vitest';
import { Cluster } from '../../../test/cluster.ts';
import { testDatabaseKind } from '../../../test/database.ts';

// CONTRACT §13: two exchanges of one booking at once, on two server processes sharing one
// PostgreSQL, run one after the other or one is refused: never a mix. Each booking ends with one
// set of seats, live, as many as it had, and an invoice for what it is now.

let cluster: Cluster | undefined;
afterAll(async () => cluster?.close());

describe.runIf(testDatabaseKind === 'postgres')(
  'exchanges across two processes',
  { timeout: 300_000 },
  () => {
    it('racing exchanges of the same bookings, one on each process', async () => {
      cluster = await Cluster.create();
      const a = await cluster.start({ SEAT_GAP_RULE: 'off' });
      const b = await cluster.start({ SEAT_GAP_RULE: 'off' });
      const shows = (await a.call('GET', '/api/shows')).body.shows as { _id: string; startsAt: string }[];
      // A show far enough ahead to be exchanged (the first tier ends 2 hours before it).
      const show = shows.find((s) => new Date(s.startsAt).getTime() > Date.now() + 4 * 3_600_000)!;
      const signUp = await a.call('POST', '/api/auth/sign-up/email', {
        name: 'Racer',
        email: 'racer@example.com',
        password: 'correct-horse-9',
      });
      const token = signUp.body.token as string;
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) {
        const held = await a.call(
          'POST',
          '/api/bookings/create',
          { showId: show._id, selectedSeats: [`A${i + 1}`] },
          token,
        );
        expect(held.status, JSON.stringify(held.body)).toBe(200);
        const paid = await b.call(
          'POST',
          `/api/payments/${(held.body.url as string).split('/pay/')[1]}/sandbox-pay`,
          undefined,
          token,
        );
        expect(paid.status).toBe(200);
        ids.push(held.body.bookingId as string);
      }
      // Each booking: two exchanges at once to different seats, one on each process; the last one
      // also races a cancel.
      const answers = await Promise.all(
        ids.flatMap((id, i) => [
          a.call(
            'POST',
            `/api/bookings/${id}/exchange`,
            { showId: show._id, selectedSeats: [`B${i + 1}`] },
            token,
          ),
          i === ids.length - 1
            ? b.call('PUT', `/api/bookings/${id}/cancel`, {}, token)
            : b.call(
                'POST',
                `/api/bookings/${id}/exchange`,
                { showId: show._id, selectedSeats: [`C${i + 1}`] },
                token,
              ),
        ]),
      );
      for (const answer of answers) expect([200, 409], JSON.stringify(answer.body)).toContain(answer.status);
      const rows = (await cluster.database.database.db.execute(`
      select b.id, b.status, b.seats, b.amount_paise, b.ticket_version,
        (select array_agg(bs.seat order by bs.seat) from booking_seats bs where bs.booking_id = b.id and bs.is_live) as live,
        (select i.total_paise from invoices i where i.booking_id = b.id order by i.serial desc limit 1) as invoiced
      from bookings b where b.channel = 'online'`)) as unknown as {
        rows: {
          id: string;
          status: string;
          seats: string[];
          amount_paise: number;
          ticket_version: number;
          live: string[] | null;
          invoiced: number;
        }[];
      };
      for (const [i, id] of ids.entries()) {
        const row = rows.rows.find((r) => r.id === id)!;
        const moved = answers
          .slice(i * 2, i * 2 + 2)
          .filter((answer, k) => answer.status === 200 && (k === 0 || i < ids.length - 1));
        if (row.status === 'cancelled') {
          expect(row.live).toBeNull();
          continue;
        }
        expect(row.status).toBe('paid');
        expect(row.live).toEqual(row.seats);
        expect(row.ticket_version).toBe(1 + moved.length);
        expect(Number(row.invoiced)).toBe(Number(row.amount_paise));
      }
      for (const server of [a, b]) expect((await server.server.stop()).code).toBe(0);
    });
  },
);
