import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { bookings, payments } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  closeCheckouts,
  CheckoutRefusedError,
  type GatewayName,
  type PaymentGateway,
} from '../payments/index.ts';
import type { ItemRequest } from '../food/index.ts';
import { cancelBooking } from './cancel-booking.ts';
import { holdSeats, SeatsTakenError, validateSeatRequest, type Hold, type SeatState } from './hold-seats.ts';
import { holdChosenSeats, pickBestAvailable, type KnownSeats, type SeatRulesConfig } from './layout-rules.ts';

export interface CreateBookingOptions {
  db: Db;
  /** Where new payments are taken. */
  gateway: PaymentGateway;
  /** Every gateway, to close the checkouts of lapsed holds released on the way. */
  gateways: ReadonlyMap<GatewayName, PaymentGateway>;
  log: FastifyBaseLogger;
  now: Date;
  userId: string;
  showId: string;
  /** The buyer's seats, or best available: `quantity` seats (of `cls`) the server picks. */
  choice: { seatIds: string[] } | { quantity: number; cls?: string };
  /** The buyer books a wheelchair space (CONTRACT §7). */
  accessible?: boolean;
  rules: SeatRulesConfig;
  /** What this process knows of the shows' seats (layout-rules.ts). */
  known: KnownSeats;
  limits: { windowSeconds: number; maxUnpaid: number; maxPerShow: number };
  /** The buyer's GSTIN for the tax invoice (checked by the caller). */
  buyerGstin?: string;
  /** The business that GSTIN is registered to, the invoice's recipient (kept only with the GSTIN). */
  buyerLegalName?: string;
  /** Food and drink claimed with the seats (checked by validateItems). */
  items?: ItemRequest[];
  /** Told the show once the hold's transaction is over, whatever came of it (SeatMapCache.changed). */
  seatMaps: { changed(showId: string): Promise<void> };
}

/** Best available picks again when another buyer claimed a picked seat first. */
const BEST_AVAILABLE_ATTEMPTS = 4;
/** First key of the advisory lock best-available buyers of one show take (the second is the show). */
const BEST_AVAILABLE_LOCK = 7_415_014;

/**
 * Creates a booking with its checkout: the seats are held (one statement, see hold-seats.ts)
 * with the sandbox's checkout recorded in the same statement; a gateway that calls out (Stripe)
 * is called after that commit, never inside a transaction, and if it cannot open a checkout the
 * hold is released at once rather than blocking the seats for the whole window.
 */
export async function createBooking({
  db,
  gateway,
  gateways,
  log,
  now,
  userId,
  showId,
  choice,
  accessible = false,
  rules,
  known,
  limits,
  buyerGstin,
  buyerLegalName,
  items,
  seatMaps,
}: CreateBookingOptions): Promise<{ hold: Hold; checkout: { ref: string; url: string } }> {
  const paymentId = randomUUID();
  const local = gateway.localCheckout?.(paymentId);
  /** Whether the show's seats may have changed: a hold, or lapsed holds released on the way. */
  let changed = false;
  const hold = (seatIds: string[], on: Db = db, decidedOn?: SeatState) =>
    holdSeats({
      db: on,
      showId,
      seatIds,
      userId,
      now,
      ...limits,
      localCheckout: local && { paymentId, gateway: gateway.name, ...local },
      onLapsed: (checkouts) => void closeCheckouts({ gateways, log }, checkouts),
      onReleased: () => (changed = true),
      decidedOn,
      items,
      // Every hold here is its own transaction, or the only write of one (best available), and
      // the show is told below once it is over: the hold's commit need not NOTIFY.
      tellAfterCommit: true,
    });
  // Every process reads the show's seats afresh once a hold has changed them: seats held, lapsed
  // holds released on the way, or an outcome not known (an error no refusal explains); and again
  // if the checkout could not be opened and the hold was cancelled. A refusal (AppError) changed
  // nothing else: in a rush most attempts end so, and on PostgreSQL each telling is a statement.
  const tell = () =>
    seatMaps
      .changed(showId)
      .catch((error: unknown) => log.warn({ err: error, showId }, 'telling the seat maps failed'));
  let held: Hold;
  try {
    held = await holdChoice({ db, known, showId, choice, accessible, rules, now, hold });
    changed = true;
  } catch (error) {
    if (!(error instanceof AppError)) changed = true;
    throw error;
  } finally {
    if (changed) await tell();
  }
  try {
    if (buyerGstin) {
      await db
        .update(bookings)
        .set({ buyerGstin, buyerLegalName: buyerLegalName ?? null })
        .where(eq(bookings.id, held.bookingId));
    }
    return await openCheckout({
      db,
      gateway,
      log,
      now,
      userId,
      paymentId,
      local,
      hold: held,
    });
  } catch (error) {
    await tell();
    throw error;
  }
}

/**
 * The buyer's own seats are held if they pass the layout's rules (layout-rules.ts decides them
 * and the hold confirms what they were decided on). Best available picks
 * from the seats blocked now and holds; a seat claimed by someone else in between makes the hold
 * fail as a whole (the unique index), and the pick is made again from the new state.
 */
async function holdChoice(options: {
  db: Db;
  known: KnownSeats;
  showId: string;
  choice: CreateBookingOptions['choice'];
  accessible: boolean;
  rules: SeatRulesConfig;
  now: Date;
  hold: (seatIds: string[], on?: Db, decidedOn?: SeatState) => Promise<Hold>;
}): Promise<Hold> {
  const { db, known, showId, choice, accessible, rules, now, hold } = options;
  if ('seatIds' in choice) {
    const seats = validateSeatRequest(choice.seatIds);
    return holdChosenSeats({
      db,
      known,
      showId,
      seats,
      accessible,
      now,
      rules,
      hold: (decidedOn) => hold(seats, db, decidedOn),
    });
  }
  for (let attempt = 1; ; attempt++) {
    try {
      // Best-available buyers of one show pick one after another (a lock only they take, before
      // any other), so they never pick the same seats; a buyer who chose seats themselves may
      // still claim a picked seat first, and then the pick is made again.
      return await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${BEST_AVAILABLE_LOCK}, hashtext(${showId}))`);
        const seats = await pickBestAvailable({
          db: tx,
          showId,
          quantity: choice.quantity,
          cls: choice.cls,
          now,
        });
        return hold(seats, tx as unknown as Db);
      });
    } catch (error) {
      if (!(error instanceof SeatsTakenError)) throw error;
      if (attempt === BEST_AVAILABLE_ATTEMPTS) {
        throw new AppError('CONFLICT', 'The seats picked for you were just taken. Please try again.');
      }
    }
  }
}

export async function openCheckout({
  db,
  gateway,
  log,
  now,
  userId,
  paymentId,
  local,
  hold,
}: {
  db: Db;
  gateway: PaymentGateway;
  log: FastifyBaseLogger;
  now: Date;
  userId: string;
  paymentId: string;
  local: { ref: string; url: string } | undefined;
  hold: Hold;
}): Promise<{ hold: Hold; checkout: { ref: string; url: string } }> {
  if (local) return { hold, checkout: local };

  let checkout: { ref: string; url: string };
  try {
    checkout = await gateway.createCheckout({
      paymentId,
      bookingId: hold.bookingId,
      amountPaise: hold.amountPaise,
      expiresAt: hold.expiresAt,
      description: `${hold.seats.length} ticket${hold.seats.length > 1 ? 's' : ''}: ${hold.seats.join(', ')}${hold.withItems ? ' + food & drink' : ''}`,
      reference: hold.reference,
    });
  } catch (error) {
    log.error({ err: error, bookingId: hold.bookingId }, 'opening a checkout failed');
    await cancelBooking({ db, bookingId: hold.bookingId, actor: { id: userId, isStaff: false }, now });
    // The gateway's own words for the buyer (Razorpay: CONTRACT §9), answered as a refusal.
    if (error instanceof CheckoutRefusedError) throw new AppError('CONFLICT', error.message);
    throw new AppError(
      'UNAVAILABLE',
      'The payment service is not answering, so your seats were released. Please try again in a moment.',
    );
  }
  await db.insert(payments).values({
    id: paymentId,
    bookingId: hold.bookingId,
    gateway: gateway.name,
    gatewayRef: checkout.ref,
    amountPaise: hold.amountPaise,
    paymentUrl: checkout.url,
    createdAt: now,
    updatedAt: now,
  });
  return { hold, checkout };
}
