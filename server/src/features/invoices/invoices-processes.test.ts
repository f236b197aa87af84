import { afterAll, describe, expect, it } from 'vitest';
import { Cluster } from '../../../test/cluster.ts';
import { testDatabaseKind } from '../../../test/database.ts';

// CONTRACT §10: serials run 1, 2, 3 … with no gap and no repeat whatever the number of processes.
// Two server processes on one PostgreSQL take 30 payments at once, half each, after the seed's.

let cluster: Cluster | undefined;
afterAll(async () => cluster?.close());

describe.runIf(testDatabaseKind === 'postgres')(
  'invoice numbers across two processes',
  { timeout: 300_000 },
  () => {
    it('30 simultaneous payments on two processes: 30 contiguous serials', async () => {
      cluster = await Cluster.create();
      // One after the other: the first migrates and seeds.
      const a = await cluster.start({ UNPAID_BOOKINGS_PER_SHOW: '100' });
      const b = await cluster.start({ UNPAID_BOOKINGS_PER_SHOW: '100' });
      // The seed's counter sales were invoiced first: these 30 follow them without a gap.
      const seeded = (await cluster.database.database.db.execute(
        'select count(*)::int as n from invoices',
      )) as unknown as { rows: { n: number }[] };
      const first = Number(seeded.rows[0]!.n) + 1;
      const shows = (await a.call('GET', '/api/shows')).body.shows as { _id: string }[];
      const showId = shows[0]!._id;
      const seats = Array.from({ length: 30 }, (_, i) => `${'ABC'[Math.floor(i / 12)]}${(i % 12) + 1}`);
      const holds = await Promise.all(
        seats.map(async (seat, i) => {
          const server = i % 2 ? b : a;
          const signUp = await server.call('POST', '/api/auth/sign-up/email', {
            name: `Payer ${i}`,
            email: `payer${i}@example.com`,
            password: 'correct-horse-9',
          });
          const token = signUp.body.token as string;
          const held = await server.call(
            'POST',
            '/api/bookings/create',
            { showId, selectedSeats: [seat] },
            token,
          );
          expect(held.status, JSON.stringify(held.body)).toBe(200);
          return { token, paymentId: (held.body.url as string).split('/pay/')[1]!, i };
        }),
      );
      const paid = await Promise.all(
        holds.map(({ token, paymentId, i }) =>
          (i % 2 ? a : b).call('POST', `/api/payments/${paymentId}/sandbox-pay`, undefined, token),
        ),
      );
      expect(paid.map((p) => p.status)).toEqual(holds.map(() => 200));
      const rows = (await cluster.database.database.db.execute(
        'select serial, number from invoices order by serial',
      )) as unknown as { rows: { serial: number; number: string }[] };
      expect(rows.rows.map((r) => Number(r.serial))).toEqual(
        Array.from({ length: first + 29 }, (_, i) => i + 1),
      );
      expect(rows.rows[0]!.number).toMatch(/^MQ\d{4}-000001$/);
      for (const server of [a, b]) expect((await server.server.stop()).code).toBe(0);
    });
  },
);
