import pino from 'pino';

/** Where a log line goes: something pino can write a line to. */
export interface LogDestination {
  write(line: string): boolean;
}

/**
 * The log's destination for `npm start` (stdout) or a file: written asynchronously by sonic-boom
 * (pino's own), so a request never waits for its line's write. Nothing is held back: each write
 * starts as soon as the previous one is done, with every line that came in meanwhile, and pino
 * writes what is left synchronously when the process exits.
 *
 * In buffer mode (issue 35). In its default text mode sonic-boom measures the byte length of the
 * whole chunk waiting to be written on every line it is given, up to 16 kB each time: at 15,000
 * requests a second that was 4 % of a seat-map read's CPU. In buffer mode it keeps each chunk's
 * length as a number, so a line costs one copy into a Buffer.
 */
export function logDestination(dest: number | string): LogDestination {
  const stream = pino.destination({ dest, sync: false, contentMode: 'buffer' });
  // sonic-boom's types name only text; in buffer mode its write takes Buffers.
  const writeBytes = (bytes: Buffer) => stream.write(bytes as unknown as string);
  return { write: (line) => writeBytes(Buffer.from(line)) };
}
