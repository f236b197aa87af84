import fs from 'node:fs';

/**
 * Makes DATA_DIR private to the account the server runs as: the embedded database in it holds
 * password hashes, session tokens and roles. Created 0700; an existing directory that others can
 * enter is tightened, and the answer says so for the start-up log. New files are created without
 * any permission for others (umask 077), whatever modes PGlite asks for.
 */
export function secureDataDir(dir: string): string | null {
  process.umask(0o077);
  if (dir === 'memory') return null;
  if (!fs.existsSync(dir)) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    // mkdir's mode is only for the last directory created, and umask already applied.
    fs.chmodSync(dir, 0o700);
    return null;
  }
  const mode = fs.statSync(dir).mode & 0o777;
  if ((mode & 0o077) === 0) return null;
  fs.chmodSync(dir, 0o700);
  return (
    `DATA_DIR ${dir} was readable by other users (mode ${mode.toString(8).padStart(4, '0')}); ` +
    'it is now 0700. Check that nobody copied the database or the session secret meanwhile.'
  );
}
