// The baseline: a bare node:http server answering fixed bytes, as fast as Node serves anything.
import fs from 'node:fs';
import http from 'node:http';

const routes = JSON.parse(fs.readFileSync(process.env.BARE_ROUTES, 'utf8'));
const bodies = new Map(Object.entries(routes).map(([url, body]) => [url, Buffer.from(body)]));
const server = http.createServer((request, response) => {
  const body = bodies.get(request.url);
  if (!body) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
  });
  response.end(body);
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
