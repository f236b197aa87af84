import { bookingStatuses, claimBlocksSeat, isHoldLapsed, type SeatClaim } from '@marquee/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';

/**
 * "Does this seat claim block a buyer / has this hold lapsed" is written twice: the database's
 * marquee_blocks_seat, which every query asks, and its TypeScript mirror claimBlocksSeat, which
 * the seat-map cache and the pages that decide in memory use. Both get the same generated claims
 * and must give the same answer, the instant of the deadline itself included.
 */

// A fixed seed, logged, so a failure is replayed exactly: PROPERTY_SEED=… to try another.
const PROPERTY_SEED = Number(process.env.PROPERTY_SEED ?? 20_261_126);
console.info(`seat claims: fast-check seed ${PROPERTY_SEED}`);

const NOW = Date.parse('2026-11-26T10:00:00.000Z');

// Deadlines around now, the edges weighted: exactly now, a millisecond either side, and further.
const offsetMs = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(-1, 0, 1) },
  { weight: 2, arbitrary: fc.integer({ min: -900_000, max: 900_000 }) },
);

const claim: fc.Arbitrary<SeatClaim> = fc.record({
  isLive: fc.boolean(),
  status: fc.constantFrom(...bookingStatuses),
  expiresAt: offsetMs.map((offset) => NOW + offset),
});

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.drop());

/** marquee_blocks_seat's answer for each claim, in order, from one query. */
async function blocksInDatabase(claims: readonly SeatClaim[], now: number): Promise<boolean[]> {
  const rows = sql.join(
    claims.map(
      (c, i) =>
        sql`(${i}::int, ${c.isLive}::boolean, ${c.status}::text, ${new Date(c.expiresAt).toISOString()}::timestamptz)`,
    ),
    sql`, `,
  );
  const result = await testDb.database.db.execute(
    sql`select marquee_blocks_seat(is_live, status, expires_at, ${new Date(now).toISOString()}::timestamptz) as blocks
          from (values ${rows}) as claim(i, is_live, status, expires_at) order by i`,
  );
  return (result as unknown as { rows: { blocks: boolean }[] }).rows.map((row) => row.blocks);
}

describe('marquee_blocks_seat and claimBlocksSeat', () => {
  it('agree on every generated claim', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(claim, { minLength: 1, maxLength: 40 }), async (claims) => {
        const expected = claims.map((c) => claimBlocksSeat(c, NOW));
        expect(await blocksInDatabase(claims, NOW)).toEqual(expected);
      }),
      { seed: PROPERTY_SEED, numRuns: 60 },
    );
  });

  it('say a hold lapses at its deadline itself, not a moment later', async () => {
    const hold = (offset: number): SeatClaim => ({
      isLive: true,
      status: 'pending',
      expiresAt: NOW + offset,
    });
    expect(await blocksInDatabase([hold(1), hold(0), hold(-1)], NOW)).toEqual([true, false, false]);
    expect([1, 0, -1].map((offset) => isHoldLapsed(NOW + offset, NOW))).toEqual([false, true, true]);
  });
});
