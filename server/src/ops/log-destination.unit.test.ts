import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-log-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/**
 * Runs `body` in a new process with `log`, a pino logger writing to `file` through logDestination,
 * given an open descriptor as `npm start` gives it stdout.
 */
async function inProcess(file: string, body: string) {
  const code = `
    import fs from 'node:fs';
    import pino from 'pino';
    import { logDestination } from ${JSON.stringify(path.join(here, 'log-destination.ts'))};
    const log = pino({ base: null, timestamp: false }, logDestination(fs.openSync(${JSON.stringify(file)}, 'w')));
    ${body}`;
  await run(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', code], { cwd: here });
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { msg: string });
}

describe('the log destination', () => {
  it('writes every line whole and in order, whatever its characters', async () => {
    const lines = await inProcess(
      path.join(dir, 'order.log'),
      `for (let i = 0; i < 2000; i++) log.info(i % 2 ? 'line ' + i : 'Café ₹' + i + ' ಕನ್ನಡ');
       setTimeout(() => {}, 200);`,
    );
    expect(lines).toHaveLength(2000);
    lines.forEach((line, i) => expect(line.msg).toBe(i % 2 ? `line ${i}` : `Café ₹${i} ಕನ್ನಡ`));
  });

  it('loses nothing when the process exits at once: what is waiting is written before it ends', async () => {
    const lines = await inProcess(
      path.join(dir, 'exit.log'),
      `for (let i = 0; i < 20000; i++) log.info('line ' + i);
       process.exit(0);`,
    );
    expect(lines).toHaveLength(20000);
    expect(lines.at(-1)!.msg).toBe('line 19999');
  });
});
