// The baseline: a bare node:http server answering fixed bytes, as fast as Node serves anything.
// It replays the app's own response (body and headers, security headers included), so both put
// the same bytes on the wire and the ratio is the cost of everything the app does to find them.
import fs from 'node:fs';
import http from 'node:http';

const routes = JSON.parse(fs.readFileSync(process.env.BARE_ROUTES, 'utf8'));
const answers = new Map(
  Object.entries(routes).map(([url, { body, headers }]) => [url, { body: Buffer.from(body), headers }]),
);
const server = http.createServer((request, response) => {
  const answer = answers.get(request.url);
  if (!answer) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { ...answer.headers, 'content-length': answer.body.length });
  response.end(answer.body);
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
