// The seat-stream baseline: a bare node:http server that keeps event streams open and, on
// POST /change, writes one fixed frame to all of them — the least any server can do to fan one
// change out. It sends the app's own frames (BARE_FRAMES: the first map and the changed one).
import fs from 'node:fs';
import http from 'node:http';

const { first, changed } = JSON.parse(fs.readFileSync(process.env.BARE_FRAMES, 'utf8'));
const firstFrame = Buffer.from(first);
const changedFrame = Buffer.from(changed);
const streams = new Set();
const server = http.createServer((request, response) => {
  if (request.url === '/ready') {
    response.writeHead(200).end('ok');
    return;
  }
  if (request.method === 'POST' && request.url === '/change') {
    for (const stream of streams) stream.write(changedFrame);
    response.writeHead(204).end();
    return;
  }
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
  });
  response.write('retry: 2000\n\n');
  response.write(firstFrame);
  streams.add(response);
  response.on('close', () => streams.delete(response));
});
server.maxConnections = Infinity;
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => {
  for (const stream of streams) stream.destroy();
  server.close(() => process.exit(0));
});
