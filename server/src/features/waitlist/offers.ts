import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { MIN_OFFER_MINUTES, OFFER_CUTOFF_MINUTES, offerExpiry } from '@marquee/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { bookings, shows, waitlistEntries } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/index.ts';
import { holdSeats, openCheckout, pickBestAvailable, type Hold } from '../bookings/index.ts';
import { enqueueEmail } from '../outbox/index.ts';
import type { PaymentGateway } from '../payments/index.ts';
import { readSettings } from '../settings/index.ts';
import { waitingEntries } from './entries.ts';

// Offers (CONTRACT §13). A show is due when seats came free on it with someone waiting: the
// database marks it (db/sql/marquee_waitlist_due.sql) whichever path freed them. Any process's
// worker claims a due show (SKIP LOCKED) and, under the show's waiting-list lock, goes through
// its waiting entries in the order they joined: each party that best available can seat together
// gets those seats held as an unpaid booking (channel 'waitlist') for the offer window, by the
// same hold function as every other booking, and an email with a link to pay. A party that cannot
// be seated together is skipped and keeps its place. An offer that lapses frees its seats, which
// marks the show due again: the next entry gets them.

/** First key of the advisory lock a show's offers are made under (the second is the show). */
const WAITLIST_LOCK = 7_415_015;
/** Due shows one run takes at most (the next run takes the rest). */
const SHOWS_PER_RUN = 50;

export interface OfferDeps {
  db: Db;
  /** Where the offers' payments are taken. */
  gateway: PaymentGateway;
  log: FastifyBaseLogger;
}

export interface Offer {
  entryId: string;
  userId: string;
  hold: Hold;
  paymentId: string;
  /** The checkout opened in the hold's own statement (the sandbox); else opened after commit. */
  local: { ref: string; url: string } | undefined;
}

/**
 * Makes the offers of every due show; returns them. Safe in any number of processes at once: a
 * due show is claimed by one, and its offers are made under a lock of the show, in one
 * transaction with the claim (a failure leaves the show due).
 */
export async function makeOffers(deps: OfferDeps, now: Date): Promise<Offer[]> {
  const started = performance.now();
  const { db, gateway, log } = deps;
  const { waitlist } = await readSettings(db);
  const made: Offer[] = [];
  // Shows whose offers failed in this run: left due (their claim rolled back), behind the others.
  const failed: string[] = [];
  for (let round = 0; round < SHOWS_PER_RUN; round++) {
    let showId: string | undefined;
    let offers: Offer[] | null;
    try {
      offers = await db.transaction(async (tx) => {
        const skip = failed.length ? sql`where show_id not in (${sql.join(failed, sql`, `)})` : sql``;
        const claimed = await tx.execute(sql`
          delete from waitlist_due
          where show_id = (select show_id from waitlist_due ${skip} order by due_at, show_id limit 1 for update skip locked)
          returning show_id`);
        showId = (claimed as unknown as { rows: { show_id: string }[] }).rows[0]?.show_id;
        if (!showId) return null;
        await tx.execute(sql`select pg_advisory_xact_lock(${WAITLIST_LOCK}, hashtext(${showId}))`);
        return offerSeats(tx as unknown as Db, { showId, now, offerMinutes: waitlist.offerMinutes, gateway });
      });
    } catch (error) {
      if (!showId) throw error;
      // One show's failure must not hold back every other show's list: it goes behind them.
      log.error({ err: error, showId }, 'waiting-list offers of a show failed; it stays due');
      failed.push(showId);
      await db.execute(sql`update waitlist_due set due_at = now() where show_id = ${showId}`);
      continue;
    }
    if (offers === null) break;
    made.push(...offers);
  }
  // A gateway that calls out (Stripe, Razorpay) is called after commit, never inside a transaction;
  // if it cannot open a checkout, the offer's booking is cancelled, which frees its seats for the next.
  for (const offer of made) {
    if (offer.local) continue;
    try {
      await openCheckout({
        db,
        gateway,
        log,
        now,
        userId: offer.userId,
        paymentId: offer.paymentId,
        local: undefined,
        hold: offer.hold,
      });
    } catch (error) {
      log.error({ err: error, bookingId: offer.hold.bookingId }, 'opening the checkout of an offer failed');
    }
  }
  // How long making them took (ms), for operators and the bench (bench/offers.ts).
  if (made.length) log.info({ count: made.length, ms: elapsedMs(started) }, 'waiting-list offers made');
  return made;
}

/** The offers of one show, in the caller's transaction (under the show's waiting-list lock). */
async function offerSeats(
  tx: Db,
  {
    showId,
    now,
    offerMinutes,
    gateway,
  }: { showId: string; now: Date; offerMinutes: number; gateway: PaymentGateway },
): Promise<Offer[]> {
  const [show] = await tx
    .select({ status: shows.status, startsAt: shows.startsAt })
    .from(shows)
    .where(eq(shows.id, showId));
  if (!show || show.status !== 'active') return [];
  const expiresAt = offerExpiry(now, show.startsAt, offerMinutes);
  if (!expiresAt) return []; // too late for any offer: closeEndedWaitlists closes the entries
  const made: Offer[] = [];
  for (const entry of await waitingEntries(tx, showId)) {
    let seats: string[];
    try {
      seats = await pickBestAvailable({
        db: tx,
        showId,
        quantity: entry.quantity,
        cls: entry.class ?? undefined,
        now,
      });
    } catch (error) {
      if (error instanceof AppError) continue; // cannot be seated together (or the class is gone)
      throw error;
    }
    const paymentId = randomUUID();
    const local = gateway.localCheckout?.(paymentId);
    let hold: Hold;
    try {
      hold = await holdSeats({
        db: tx,
        showId,
        seatIds: seats,
        userId: entry.userId,
        now,
        windowSeconds: (expiresAt.getTime() - now.getTime()) / 1000,
        // An offer is not the buyer's own hold: only one unpaid booking of theirs for this show
        // stands in its way (they hold seats of it already; their turn is kept for later).
        maxUnpaid: 2_000_000_000,
        maxPerShow: 1,
        localCheckout: local && { paymentId, gateway: gateway.name, ...local },
      });
    } catch (error) {
      if (error instanceof AppError) continue;
      throw error;
    }
    await tx.update(bookings).set({ channel: 'waitlist' }).where(eq(bookings.id, hold.bookingId));
    await tx
      .update(waitlistEntries)
      .set({ status: 'offered', offerBookingId: hold.bookingId, offeredAt: now })
      .where(eq(waitlistEntries.id, entry.id));
    await enqueueEmail(tx, { kind: 'waitlist-offer', bookingId: hold.bookingId });
    await recordAudit(tx, {
      actorId: null,
      action: 'waitlist.offer',
      entityType: 'booking',
      entityId: hold.bookingId,
      details: { entryId: entry.id, seats: hold.seats, expiresAt: hold.expiresAt.toISOString() },
    });
    made.push({ entryId: entry.id, userId: entry.userId, hold, paymentId, local });
  }
  return made;
}

/**
 * Closes the entries still waiting for shows that can no longer get an offer (starting within
 * OFFER_CUTOFF_MINUTES + MIN_OFFER_MINUTES, cancelled or gone), each with an email, once: the
 * update is conditional on the entry still waiting, whichever process runs it.
 */
export async function closeEndedWaitlists(db: Db, now: Date): Promise<number> {
  const last = new Date(now.getTime() + (OFFER_CUTOFF_MINUTES + MIN_OFFER_MINUTES) * 60_000);
  return db.transaction(async (tx) => {
    const closed = await tx.execute(sql`
      update waitlist_entries e set status = 'closed', ended_at = ${now.toISOString()}::timestamptz
      from shows s
      where s.id = e.show_id and e.status = 'waiting'
        and (s.status <> 'active' or s.starts_at < ${last.toISOString()}::timestamptz)
      returning e.id`);
    const ids = (closed as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
    for (const entryId of ids) await enqueueEmail(tx, { kind: 'waitlist-closed', entryId });
    return ids.length;
  });
}

/** Milliseconds since `started` (performance.now()), to a tenth. */
const elapsedMs = (started: number) => Math.round((performance.now() - started) * 10) / 10;
