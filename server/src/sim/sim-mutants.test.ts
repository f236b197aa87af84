import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, inject, it } from 'vitest';
import { bundleSimulator } from '../../../scripts/bundle-server.mjs';
import { testDatabaseKind } from '../../test/database.ts';
import { mutants } from './mutants.ts';

/** Proofs longer than this many schedules are left to `npm run sim -- --mutant NAME`. */
const FAST = 30;
const root = fileURLToPath(new URL('../../../', import.meta.url));
const run = promisify(execFile);

/**
 * Proof the simulator can fail (decision 0021): each mutant, planted through the command line,
 * is caught from its recorded seed within its recorded number of schedules. The CLI runs on the
 * embedded database, so this runs in the pglite project only.
 */
describe.runIf(testDatabaseKind === 'pglite')('simulator mutants', () => {
  it('lists every mutant', async () => {
    const cli = await bundleSimulator('cli');
    const listed = await run(process.execPath, [cli, '--list-mutants'], { cwd: root, encoding: 'utf8' });
    expect(listed.stdout.trim().split('\n')).toEqual(mutants.map((mutant) => mutant.name));
  }, 60_000);

  for (const mutant of mutants) {
    // A mutant that takes hundreds of schedules is proved here only through its path (the one
    // catching schedule replayed; the schedules before it are generated, not run), otherwise by
    // the CLI alone (decision 0021). The proofs run a few at a time (each its own process and
    // database, from the migrated template).
    const { path, lost } = mutant.proof;
    ((mutant.proof.schedules > FAST && !path) || lost ? it.skip : it.concurrent)(
      `catches ${mutant.name} from seed ${mutant.proof.seed} within ${mutant.proof.schedules} schedules` +
        (path ? ` (replaying path ${path})` : '') +
        (lost ? ` (proof lost: ${lost})` : ''),
      async () => {
        // The CLI bundled with this mutant's patch (about 4 s of CPU less a proof than tsx).
        const cli = await bundleSimulator(mutant.name, mutant.source);
        const args = [
          cli,
          '--mutant',
          mutant.name,
          '--seed',
          String(mutant.proof.seed),
          '--runs',
          String(mutant.proof.schedules),
          ...(path ? ['--path', path] : []),
          '--load-from',
          inject('pgliteTemplate'),
        ];
        // Caught, the CLI exits 1: execFile rejects with what it printed.
        const caught = await run(process.execPath, args, {
          cwd: root,
          encoding: 'utf8',
          maxBuffer: 64 << 20,
        }).then(
          (done) => ({ stdout: done.stdout, code: 0 }),
          (error: { stdout: string; code: number }) => ({ stdout: error.stdout, code: error.code }),
        );
        expect(caught.stdout).toContain(`mutant ${mutant.name} caught`);
        expect(caught.code).toBe(1);
      },
      // Each proof is about 40 s of CPU; on a 2-core machine shared with other suites it waits for it.
      600_000,
    );
  }
});
