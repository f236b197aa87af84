// The embedded rush's baseline: the rush's holds sent straight to the embedded database, one after
// another in this process, through the app's own hold (holdSeats: drizzle, the queue, never
// waiting in it, PGlite on its thread, the hold function), without HTTP, sessions or the seat
// rules: what the embedded engine gives on this machine, against which the app's rush (which adds
// all of those) is measured. Run by bench/run.ts in its own process; prints one JSON line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt } from 'drizzle-orm';
import { openDatabase } from '../server/src/db/client.ts';
import { insertUser } from '../server/src/fixtures/factories.ts';
import { shows } from '../server/src/db/schema.ts';
import { seedIfEmpty } from '../server/src/fixtures/seed.ts';
import { holdSeats, SeatsTakenError } from '../server/src/features/bookings/hold-seats.ts';
import { AppError } from '../server/src/lib/app-error.ts';
import { pick, randomSeats } from './rush.ts';

const attempts = Number(process.env.RUSH_ATTEMPTS ?? 1000);
const showCount = Number(process.env.RUSH_SHOWS ?? 5);
/** As in bench/rush.ts: 100 accounts, 1–4 random seats of one of the first shows an hour ahead. */
const ACCOUNTS = 100;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-engine-'));
const database = await openDatabase({ dataDir });
try {
  const { db } = database;
  const now = new Date();
  await seedIfEmpty({ db, timeZone: process.env.CINEMA_TIMEZONE ?? 'Asia/Kolkata', now });
  const users: string[] = [];
  for (let i = 0; i < ACCOUNTS; i++)
    users.push((await insertUser(db, { name: `Buyer ${i}`, email: `engine-${i}@example.com` })).id);
  const targets = await db
    .select({ id: shows.id, totalSeats: shows.totalSeats })
    .from(shows)
    .where(and(eq(shows.status, 'active'), gt(shows.startsAt, new Date(now.getTime() + 60 * 60_000))))
    .orderBy(asc(shows.startsAt))
    .limit(showCount);

  const outcomes = { held: 0, taken: 0, refused: 0 };
  const started = performance.now();
  for (let i = 0; i < attempts; i++) {
    const show = pick(targets);
    const seats = randomSeats(show.totalSeats);
    const paymentId = randomUUID();
    try {
      await holdSeats({
        db,
        showId: show.id,
        seatIds: seats,
        userId: pick(users),
        now: new Date(),
        windowSeconds: 600,
        maxUnpaid: 3,
        maxPerShow: 1,
        localCheckout: {
          paymentId,
          gateway: 'sandbox',
          ref: `sbx_${paymentId}`,
          url: `http://127.0.0.1/pay/${paymentId}`,
        },
      });
      outcomes.held++;
    } catch (error) {
      if (error instanceof SeatsTakenError) outcomes.taken++;
      else if (error instanceof AppError) outcomes.refused++;
      else throw error;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(JSON.stringify({ attemptsPerSecond: Math.round(attempts / seconds), ...outcomes }));
} finally {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
