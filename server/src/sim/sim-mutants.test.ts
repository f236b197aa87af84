import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../../test/database.ts';
import { mutants } from './mutants.ts';

/** Proofs longer than this many schedules are left to `npm run sim -- --mutant NAME`. */
const FAST = 30;
const root = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Proof the simulator can fail (decision 0021): each mutant, planted through the command line,
 * is caught from its recorded seed within its recorded number of schedules. The CLI runs on the
 * embedded database, so this runs in the pglite project only.
 */
describe.runIf(testDatabaseKind === 'pglite')('simulator mutants', () => {
  it('lists every mutant', () => {
    const listed = spawnSync('npx', ['tsx', 'server/src/sim/cli.ts', '--list-mutants'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(listed.stdout.trim().split('\n')).toEqual(mutants.map((mutant) => mutant.name));
  }, 60_000);

  for (const mutant of mutants) {
    // A mutant that takes hundreds of schedules is proved by the CLI only (decision 0021).
    it.skipIf(mutant.proof.schedules > FAST)(
      `catches ${mutant.name} from seed ${mutant.proof.seed} within ${mutant.proof.schedules} schedules`,
      () => {
        const run = spawnSync(
          'npx',
          [
            'tsx',
            'server/src/sim/cli.ts',
            '--mutant',
            mutant.name,
            '--seed',
            String(mutant.proof.seed),
            '--runs',
            String(mutant.proof.schedules),
          ],
          { cwd: root, encoding: 'utf8' },
        );
        expect(run.stdout).toContain(`mutant ${mutant.name} caught`);
        expect(run.status).toBe(1);
      },
      120_000,
    );
  }
});
