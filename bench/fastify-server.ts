// The read paths' second baseline (issue 35): Fastify with the app's request log at `info`, into a
// file as `npm start`'s would go, answering the app's own bytes (as bench/bare-server.mjs does) with
// nothing else: no plugins, hooks, rules or cache. Between bare node:http and the app it shows what
// the framework and one log line a request cost on their own.
import fs from 'node:fs';
import Fastify from 'fastify';
import { logDestination } from '../server/src/ops/log-destination.ts';
import { requestLogOptions } from '../server/src/ops/request-log.ts';

const routes = JSON.parse(fs.readFileSync(process.env.BARE_ROUTES!, 'utf8')) as Record<
  string,
  { body: string; headers: Record<string, string> }
>;
const log = logDestination(process.env.FLOOR_LOG ?? '/dev/null');
const app = Fastify(requestLogOptions({ level: 'info', stream: log }));
for (const [url, { body, headers }] of Object.entries(routes)) {
  const bytes = Buffer.from(body);
  app.get(url, async (_request, reply) => reply.headers(headers).send(bytes));
}
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
