import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const script = fileURLToPath(new URL('../../../scripts/sync-drizzle-snapshot.mjs', import.meta.url));

// The README's `npm run db:generate` writes only a change of schema.ts: on the schema as it is,
// drizzle-kit (run into a copy of server/drizzle) writes nothing.
it('db:generate writes nothing on an unchanged schema', () => {
  const result = spawnSync(process.execPath, [script, '--check'], { encoding: 'utf8' });
  expect(result.stderr).toBe('');
  expect(result.stdout).toContain('db:generate would write nothing');
  expect(result.status).toBe(0);
});
