import net from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * One HTTP/1.1 request written byte for byte over TCP. `app.inject` and fetch resolve dot
 * segments and turn an absolute-form target into a path before the app sees it; this does not.
 */
export function rawRequest(
  port: number,
  method: string,
  target: string,
  { headers = {}, body }: { headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  const lines = [`${method} ${target} HTTP/1.1`, 'host: 127.0.0.1', 'connection: close'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (body !== undefined) lines.push(`content-length: ${Buffer.byteLength(body)}`);
  const head = `${lines.join('\r\n')}\r\n\r\n`;
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head + (body ?? '')));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const raw = Buffer.concat(chunks);
      const end = raw.indexOf('\r\n\r\n');
      const [statusLine = '', ...headerLines] = raw.subarray(0, end).toString('latin1').split('\r\n');
      const answerHeaders: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        answerHeaders[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      let answerBody: Buffer = raw.subarray(end + 4);
      if (answerHeaders['transfer-encoding'] === 'chunked') answerBody = unchunk(answerBody);
      resolve({
        status: Number(statusLine.split(' ')[1]),
        headers: answerHeaders,
        body: answerBody.toString('utf8'),
      });
    });
  });
}

function unchunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let rest = body;
  for (;;) {
    const lineEnd = rest.indexOf('\r\n');
    const size = parseInt(rest.subarray(0, lineEnd).toString('latin1'), 16);
    if (!size) return Buffer.concat(parts);
    parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
    rest = rest.subarray(lineEnd + 2 + size + 2);
  }
}
