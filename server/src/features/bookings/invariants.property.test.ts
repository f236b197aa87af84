import fc from 'fast-check';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type SignedIn, type TestApp } from '../../../test/app.ts';
import { insertMovie, insertShow } from '../../db/factories.ts';
import { releaseExpiredHolds } from './release-expired.ts';
import { bookings, bookingSeats, shows } from '../../db/schema.ts';
import { blocksSeat } from '../seats/live-claims.ts';

// A fixed seed, logged, so a failure is replayed exactly: PROPERTY_SEED=… to try another.
const PROPERTY_SEED = Number(process.env.PROPERTY_SEED ?? 20_261_123);
console.info(`booking invariants: fast-check seed ${PROPERTY_SEED}`);

const SEATS = ['A1', 'A2', 'A3', 'A4', 'A5', 'A6'];

type Command =
  | { kind: 'hold'; who: number; seats: string[] }
  | { kind: 'pay'; pick: number }
  | { kind: 'cancel'; pick: number }
  | { kind: 'advance'; seconds: number }
  | { kind: 'sweep' }
  | { kind: 'restart' };

const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('hold' as const),
      who: fc.nat(2),
      seats: fc.subarray(SEATS, { minLength: 1, maxLength: 3 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('pay' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('advance' as const),
      seconds: fc.integer({ min: 1, max: 700 }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'sweep' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'restart' as const }) },
);

let t: TestApp;
let people: SignedIn[];
let movieId: string;
let runs = 0;
beforeAll(async () => {
  t = await createTestApp();
  people = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
  movieId = (await insertMovie(t.testDb.database.db, { title: 'Property' })).id;
});
afterAll(() => t.close());

describe('booking invariants under random sequences', () => {
  it('hold, pay, cancel, expire and restart never break them', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 5, maxLength: 25 }), async (commands) => {
        const { db } = t.testDb.database;
        // Each run gets its own time slot (one live show per movie per start time).
        const show = await insertShow(db, {
          movieId,
          startsAt: new Date(Date.UTC(2099, 0, 1) + ++runs * 3_600_000),
          totalSeats: 6,
          pricePaise: 12_300,
        });
        const made: { id: string; owner: SignedIn; paymentId: string }[] = [];
        let bookingsSeen = 0;

        for (const step of commands) {
          if (step.kind === 'hold') {
            const owner = people[step.who]!;
            // The model: a hold succeeds exactly when no seat it asks for blocks a buyer now.
            const blocked = await db
              .select({ seat: bookingSeats.seat })
              .from(bookingSeats)
              .innerJoin(bookings, eq(bookings.id, bookingSeats.bookingId))
              .where(sql`${bookingSeats.showId} = ${show.id} and ${blocksSeat(t.clock.now)}`);
            const isFree = step.seats.every((seat) => !blocked.some((row) => row.seat === seat));
            const response = await t.app.inject({
              method: 'POST',
              url: '/api/bookings/create',
              headers: owner.bearer,
              payload: { showId: show.id, selectedSeats: step.seats },
            });
            expect(response.statusCode, response.body).toBe(isFree ? 200 : 409);
            if (response.statusCode === 200) {
              const body = response.json<{ bookingId: string; url: string }>();
              made.push({ id: body.bookingId, owner, paymentId: body.url.split('/pay/')[1]! });
            }
          } else if (step.kind === 'pay' && made.length) {
            const target = made[step.pick % made.length]!;
            const response = await t.app.inject({
              method: 'POST',
              url: `/api/payments/${target.paymentId}/sandbox-pay`,
              headers: target.owner.bearer,
              payload: {},
            });
            // Paid, or refused truthfully (cancelled, or its seats gone) with the money refunded.
            expect([200, 409]).toContain(response.statusCode);
            const [after] = await db.select().from(bookings).where(eq(bookings.id, target.id));
            if (response.statusCode === 200) expect(after!.status).toBe('paid');
            else expect(response.json()).toMatchObject({ success: false, status: 'refunded' });
          } else if (step.kind === 'cancel' && made.length) {
            const target = made[step.pick % made.length]!;
            const response = await t.app.inject({
              method: 'PUT',
              url: `/api/bookings/${target.id}/cancel`,
              headers: target.owner.bearer,
            });
            expect(response.statusCode).toBe(200);
          } else if (step.kind === 'advance') {
            t.clock.now = new Date(t.clock.now.getTime() + step.seconds * 1000);
          } else if (step.kind === 'sweep') {
            await db.transaction((tx) => releaseExpiredHolds({ db: tx, now: t.clock.now }));
          } else if (step.kind === 'restart') {
            // What a restart loses is memory; everything else is in the database.
            t.app.deps.seatMaps.clear();
            t.app.deps.movieCache.invalidate();
          }

          // Each seat in at most one live claim.
          const live = await db
            .select()
            .from(bookingSeats)
            .where(sql`${bookingSeats.showId} = ${show.id} and ${bookingSeats.isLive}`);
          expect(new Set(live.map((claim) => claim.seat)).size).toBe(live.length);
          // Live claims belong to pending or paid bookings; a paid booking holds all its seats.
          const rows = await db.select().from(bookings).where(eq(bookings.showId, show.id));
          for (const booking of rows) {
            const mine = live.filter((claim) => claim.bookingId === booking.id).length;
            if (booking.status === 'paid') expect(mine).toBe(booking.seats.length);
            if (booking.status === 'cancelled' || booking.status === 'expired') expect(mine).toBe(0);
            expect(booking.amountPaise).toBe(12_300 * booking.seats.length);
          }
          // Nothing is ever deleted.
          expect(rows.length).toBeGreaterThanOrEqual(bookingsSeen);
          bookingsSeen = rows.length;
          // The seat map served from memory equals the truth in the database at this instant.
          const blocking = await db
            .select({ seat: bookingSeats.seat })
            .from(bookingSeats)
            .innerJoin(bookings, eq(bookings.id, bookingSeats.bookingId))
            .where(sql`${bookingSeats.showId} = ${show.id} and ${blocksSeat(t.clock.now)}`);
          const map = (await t.app.inject({ method: 'GET', url: `/api/bookings/seats/${show.id}` })).json<{
            occupiedSeats: Record<string, true>;
            availableSeats: number;
          }>();
          expect(Object.keys(map.occupiedSeats).sort()).toEqual(blocking.map((row) => row.seat).sort());
          expect(map.availableSeats).toBe(6 - blocking.length);

          // Tax invoices (CONTRACT §10): a booking ever paid has exactly one, for its amount; one
          // never paid has none; serials run 1…N without a gap; each refund of an invoiced
          // payment has a credit note for exactly its amount.
          const docs = (await db.execute(sql`
            select b.id, b.paid_at is not null as ever_paid, b.amount_paise,
              (select count(*) from invoices i where i.booking_id = b.id)::int as invoices,
              (select coalesce(sum(i.total_paise), 0) from invoices i where i.booking_id = b.id)::int as invoiced,
              (select coalesce(sum(c.total_paise), 0) from credit_notes c join invoices i on i.id = c.invoice_id
                where i.booking_id = b.id)::int as credited,
              (select coalesce(sum(r.amount_paise), 0) from refunds r join invoices i on i.payment_id = r.payment_id
                where i.booking_id = b.id)::int as refunded
            from bookings b where b.show_id = ${show.id}`)) as unknown as {
            rows: {
              ever_paid: boolean;
              amount_paise: number;
              invoices: number;
              invoiced: number;
              credited: number;
              refunded: number;
            }[];
          };
          for (const doc of docs.rows) {
            expect(doc.invoices).toBe(doc.ever_paid ? 1 : 0);
            if (doc.ever_paid) expect(doc.invoiced).toBe(doc.amount_paise);
            expect(doc.credited).toBe(doc.refunded);
          }
          const serials = (await db.execute(sql`select serial from invoices order by serial`)) as unknown as {
            rows: { serial: number }[];
          };
          expect(serials.rows.map((r) => Number(r.serial))).toEqual(serials.rows.map((_, i) => i + 1));
        }
      }),
      { numRuns: 12, seed: PROPERTY_SEED },
    );
    const [{ value }] = (await t.testDb.database.db.select({ value: count() }).from(shows)) as [
      { value: number },
    ];
    expect(Number(value)).toBeGreaterThanOrEqual(12);
  });
});
