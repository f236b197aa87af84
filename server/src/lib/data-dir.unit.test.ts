import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { secureDataDir } from './data-dir.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-data-dir-'));
const umask = process.umask();
afterAll(() => {
  process.umask(umask);
  fs.rmSync(root, { recursive: true, force: true });
});

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe('DATA_DIR permissions', () => {
  it('creates the directory 0700 and files in it are private', () => {
    process.umask(0o022);
    const dir = path.join(root, 'fresh', 'data');
    expect(secureDataDir(dir)).toBeNull();
    expect(modeOf(dir)).toBe(0o700);
    fs.writeFileSync(path.join(dir, 'file'), 'x', { mode: 0o666 });
    expect(modeOf(path.join(dir, 'file')) & 0o077).toBe(0);
  });

  it('tightens an existing directory others could read, with a clear warning', () => {
    const dir = path.join(root, 'loose');
    fs.mkdirSync(dir);
    fs.chmodSync(dir, 0o755);
    expect(secureDataDir(dir)).toMatch(/readable by other users \(mode 0755\); it is now 0700/);
    expect(modeOf(dir)).toBe(0o700);
    expect(secureDataDir(dir)).toBeNull();
  });
});
