import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../test/database.ts';
import { runCampaign } from './run.ts';

// A fixed seed and a fixed number of schedules (decision 0021): about 10 s on PGlite on the
// 2-core CI machine. The long campaign and the mutant sweep run through `npm run sim`.
const SEED = 2027;
const SCHEDULES = 25;

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.drop());

describe('simulator', () => {
  it(`keeps money and seats in agreement over ${SCHEDULES} schedules from seed ${SEED}`, async () => {
    const result = await runCampaign({
      database: testDb.database,
      runs: SCHEDULES,
      seed: SEED,
      shrink: false,
    });
    if (result.failure) {
      console.error([result.failure.message, result.failure.schedule, ...result.failure.trace].join('\n'));
    }
    expect(result.failure?.message).toBeUndefined();
    expect(result.schedules).toBe(SCHEDULES);
    console.info(`simulator: ${result.schedules} schedules, ${result.perMinute} per minute`);
  }, 120_000);

  it.runIf(testDatabaseKind === 'pglite')(
    'replays a seed byte for byte on a fresh embedded database',
    async () => {
      const digests: string[] = [];
      for (let i = 0; i < 2; i++) {
        const fresh = await createTestDatabase();
        try {
          const result = await runCampaign({ database: fresh.database, runs: 4, seed: 99, shrink: false });
          expect(result.failure?.message).toBeUndefined();
          digests.push(result.digest);
        } finally {
          await fresh.drop();
        }
      }
      expect(digests[1]).toBe(digests[0]);
    },
    90_000,
  );
});
