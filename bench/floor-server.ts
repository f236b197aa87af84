// The rush's floor (issue 35): the least a Node process can do per hold on this machine. A bare
// node:http server that reads a POST's JSON, finds the account by its bearer token (cached, as the
// app's session cache does), calls the app's own holdSeats (one round trip to marquee_hold_seats,
// told after commit as the app's hold is) and answers JSON. No Fastify, plugins, request log,
// schema validation, seat-layout rules or answer view: what is left is HTTP, JSON, pg and the
// database's hold. Run by bench/run.ts (BENCH_ONLY=rush) on the database of an app just started.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/src/db/client.ts';
import { loadEnv } from '../server/src/env.ts';
import { holdSeats } from '../server/src/features/bookings/index.ts';
import { SEAT_CHANNEL } from '../server/src/features/seats/index.ts';

// The payment window and holding limits as the app has them by default, as the bench runs it.
const config = loadEnv({ DATABASE_URL: process.env.DATABASE_URL });
const database = await openDatabase({ databaseUrl: config.DATABASE_URL!, poolSize: 10 });
const accounts = new Map<string, string>();

async function accountOf(token: string): Promise<string | undefined> {
  const known = accounts.get(token);
  if (known) return known;
  const { rows } = (await database.db.execute(
    sql`select user_id from sessions where token = ${token} and expires_at > now()`,
  )) as unknown as { rows: { user_id: string }[] };
  if (rows[0]) accounts.set(token, rows[0].user_id);
  return rows[0]?.user_id;
}

function answer(response: http.ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

const server = http.createServer((request, response) => {
  if (request.method !== 'POST') return answer(response, 200, {});
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => (body += chunk));
  request.on('end', async () => {
    try {
      const { showId, selectedSeats } = JSON.parse(body) as { showId: string; selectedSeats: string[] };
      const userId = await accountOf(String(request.headers.authorization).slice('Bearer '.length));
      if (!userId) return answer(response, 401, { success: false });
      const paymentId = randomUUID();
      const hold = await holdSeats({
        db: database.db,
        showId,
        seatIds: selectedSeats,
        userId,
        now: new Date(),
        windowSeconds: config.PAYMENT_WINDOW_SECONDS,
        maxUnpaid: config.UNPAID_BOOKINGS_LIMIT,
        maxPerShow: config.UNPAID_BOOKINGS_PER_SHOW,
        localCheckout: { paymentId, gateway: 'sandbox', ref: paymentId, url: `/checkout/${paymentId}` },
        tellAfterCommit: true,
      });
      void database.notify(SEAT_CHANNEL, [showId]);
      answer(response, 200, { success: true, booking: hold });
    } catch (error) {
      const status = (error as { status?: number }).status ?? 409;
      answer(response, status, { success: false, message: (error as Error).message });
    }
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => void database.close().then(() => process.exit(0))));
