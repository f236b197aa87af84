import { randomUUID } from 'node:crypto';
import {
  exchangeMessages,
  firstTierCutOff,
  messages,
  paiseToRupees,
  seatsPricePaise,
  type Layout,
} from '@marquee/shared';
import { and, asc, eq, inArray, not, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { pgErrorCode, type Db, type Queryable } from '../../db/client.ts';
import { bookings, bookingSeats, payments, shows } from '../../db/schema.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { recordAudit } from '../audit/index.ts';
import { enqueueEmail } from '../outbox/index.ts';
import { cancelInvoice, issueInvoice } from '../invoices/index.ts';
import {
  closeCheckouts,
  type GatewayName,
  type GatewayPayment,
  type PaymentGateway,
  recordExchangeRefund,
  settleAfterCommit,
  type UseCaseDeps,
} from '../payments/index.ts';
import { bookingTiers, uncollectedItemsPaise } from './cancellation.ts';
import { openCheckout } from './create-booking.ts';
import { holdSeats, validateSeatRequest, type Hold } from './hold-seats.ts';
import { holdChosenSeats, type KnownSeats, type SeatRulesConfig } from './layout-rules.ts';

export interface ExchangeOptions {
  db: Db;
  gateway: PaymentGateway;
  gateways: ReadonlyMap<GatewayName, PaymentGateway>;
  log: FastifyBaseLogger;
  now: Date;
  userId: string;
  bookingId: string;
  showId: string;
  seatIds: string[];
  /** The buyer needs a wheelchair space: the new seats may be held-back ones (as when booking). */
  accessible?: boolean;
  rules: SeatRulesConfig;
  known: KnownSeats;
  limits: { windowSeconds: number; maxUnpaid: number; maxPerShow: number };
}

export type ExchangeOutcome =
  | { kind: 'done'; bookingId: string; showIds: string[]; differencePaise: number; refundIds: string[] }
  | { kind: 'pay'; bookingId: string; showIds: string[]; differencePaise: number; url: string };

/** The unpaid-difference bookings' holding limits do not apply to the passing hold of a cheaper one. */
const NO_LIMIT = 1_000_000;

type BookingRow = typeof bookings.$inferSelect;
type ShowRow = typeof shows.$inferSelect;

/**
 * Moves a paid booking to other seats or another show (CONTRACT §13), in one transaction that
 * decides it: both shows locked KEY SHARE (in id order), the booking FOR UPDATE, its payments FOR
 * UPDATE (decision 0009's order), so two exchanges of one booking, or an exchange and a cancel, run
 * one after the other and the second sees the first's outcome.
 *
 * The new seats go through the hold (marquee_hold_seats and the layout's rules, as for any buyer):
 * - cheaper or equal: the old claims end, the new seats are held by a passing booking whose claims
 *   become the booking's within the same transaction (the passing booking is deleted), the old
 *   invoice is cancelled by a credit note, a new one issued, and the difference refunded — so the
 *   buyer has one set of seats before and the other after, never both and never neither;
 * - dearer: the new seats are held by a booking of their own (channel 'exchange', `exchange_of`
 *   the booking) for the payment window, priced at the difference; the old seats stay the
 *   buyer's. Its payment completes the exchange (completeExchange, in the payment's transaction);
 *   unpaid, it lapses like any hold and nothing else changes.
 */
export async function exchangeBooking(options: ExchangeOptions): Promise<ExchangeOutcome> {
  const { db, gateway, gateways, log, now, userId, bookingId, showId, rules, known, limits } = options;
  if (!isUuid(bookingId)) throw notFound('Booking not found');
  if (!isUuid(showId)) throw notFound('Show not found');
  const seats = validateSeatRequest(options.seatIds);
  const lapsed: GatewayPayment[] = [];
  const paymentId = randomUUID();
  const local = gateway.localCheckout?.(paymentId);

  const decided = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ showId: bookings.showId })
      .from(bookings)
      .where(eq(bookings.id, bookingId));
    if (!found) throw notFound('Booking not found');
    // Food and drink sold on its own at the counter has no seats to exchange.
    if (!found.showId) throw conflict('This booking has no seats to exchange');
    const locked = await tx
      .select()
      .from(shows)
      .where(inArray(shows.id, [...new Set([found.showId, showId])]))
      .orderBy(asc(shows.id))
      .for('key share');
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
    if (!booking) throw notFound('Booking not found');
    if (booking.userId !== userId) throw new AppError('FORBIDDEN', messages.notAuthorized);
    const oldShow = locked.find((show) => show.id === booking.showId);
    const newShow = locked.find((show) => show.id === showId);
    // The booking moved (an exchange committed between the read and the lock): decide on where it is.
    if (!oldShow) throw conflict('This booking has just changed. Please try again.');
    if (!newShow) throw notFound('Show not found');
    if (booking.status !== 'paid') throw conflict(exchangeMessages.notPaid);
    if (booking.channel === 'counter') throw conflict(exchangeMessages.atCounter);
    if (booking.checkedInAt) throw conflict(exchangeMessages.admitted);
    const cutOff = firstTierCutOff(await bookingTiers(tx, booking), oldShow.startsAt);
    if (!cutOff || now.getTime() > cutOff.getTime()) throw conflict(exchangeMessages.tooLate);
    if (seats.length !== booking.seats.length) throw badRequest(exchangeMessages.count(booking.seats.length));
    if (showId === booking.showId && seats.every((seat) => booking.seats.includes(seat)))
      throw badRequest(exchangeMessages.sameSeats);
    if (await waitingDifference(tx, booking.id, now)) throw conflict(exchangeMessages.waiting);

    const captured = await tx
      .select()
      .from(payments)
      .where(eq(payments.bookingId, booking.id))
      .for('update')
      .then((rows) => rows.filter((payment) => payment.status === 'succeeded'));
    const ticketsPaise = booking.amountPaise - (await itemsPaise(tx, booking));
    // Seats off the map or unpriced: the hold refuses them in the contract's words.
    const newSeatsPaise = seatsPricePaise(
      newShow as { layout: Layout; prices: Record<string, number> },
      seats,
    );
    const differencePaise = newSeatsPaise === undefined ? 0 : newSeatsPaise - ticketsPaise;

    const hold = (seatIds: string[], passing: boolean, change?: { seats: string[]; freed: string[] }) =>
      holdChosenSeats({
        db: tx as unknown as Db,
        known,
        showId,
        seats: seatIds,
        accessible: options.accessible === true,
        now,
        rules,
        change,
        hold: (decidedOn) =>
          holdSeats({
            db: tx as unknown as Db,
            showId,
            seatIds,
            userId,
            now,
            windowSeconds: limits.windowSeconds,
            maxUnpaid: passing ? NO_LIMIT : limits.maxUnpaid,
            maxPerShow: passing ? NO_LIMIT : limits.maxPerShow,
            onLapsed: (checkouts) => lapsed.push(...checkouts),
            decidedOn,
          }),
      });

    if (differencePaise <= 0) {
      // The old seats end first, so the new ones may include them (A1, A2 → A2, A3).
      await tx
        .update(bookingSeats)
        .set({ isLive: false })
        .where(and(eq(bookingSeats.bookingId, booking.id), eq(bookingSeats.isLive, true)));
      const passing = await hold(seats, true);
      const version = await moveBooking(tx, {
        booking,
        passing,
        showId,
        seats,
        amountPaise: booking.amountPaise + passing.amountPaise - ticketsPaise,
        differencePaise: passing.amountPaise - ticketsPaise,
        now,
        paymentId: null,
      });
      // The passing hold did its work: its claims are the booking's now, and it never was a sale.
      await tx.delete(bookings).where(eq(bookings.id, passing.bookingId));
      const refundIds =
        passing.amountPaise < ticketsPaise
          ? await recordExchangeRefund(
              tx,
              { bookingId: booking.id, captured, amountPaise: ticketsPaise - passing.amountPaise, version },
              now,
            )
          : [];
      return {
        kind: 'done' as const,
        bookingId: booking.id,
        showIds: [...new Set([oldShow.id, showId])],
        differencePaise: passing.amountPaise - ticketsPaise,
        refundIds,
      };
    }

    // Dearer: the seats of its own show the booking keeps are not held again (they are its own).
    // The single-seat rule is judged on the row as it will be: the new seats taken, the given-up free.
    const sameShow = showId === booking.showId;
    const toHold = sameShow ? seats.filter((seat) => !booking.seats.includes(seat)) : seats;
    const held = await hold(toHold, false, sameShow ? { seats, freed: booking.seats } : undefined);
    try {
      await tx
        .update(bookings)
        .set({ seats, amountPaise: differencePaise, channel: 'exchange', exchangeOf: booking.id })
        .where(eq(bookings.id, held.bookingId));
    } catch (error) {
      // Only reached if a path forgot the booking's lock: the index allows one unpaid difference.
      if (pgErrorCode(error) === '23505') throw conflict(exchangeMessages.waiting);
      throw error;
    }
    if (local) {
      await tx.insert(payments).values({
        id: paymentId,
        bookingId: held.bookingId,
        gateway: gateway.name,
        gatewayRef: local.ref,
        amountPaise: differencePaise,
        paymentUrl: local.url,
        createdAt: now,
        updatedAt: now,
      });
    }
    await recordAudit(tx, {
      actorId: userId,
      action: 'booking.exchange-started',
      entityType: 'booking',
      entityId: booking.id,
      details: { holdId: held.bookingId, showId, seats, difference: paiseToRupees(differencePaise) },
    });
    return {
      kind: 'held' as const,
      bookingId: booking.id,
      showIds: [...new Set([oldShow.id, showId])],
      differencePaise,
      hold: { ...held, seats, amountPaise: differencePaise } satisfies Hold,
    };
  });
  if (lapsed.length) void closeCheckouts({ gateways, log }, lapsed);
  if (decided.kind === 'done') return decided;
  // A gateway that calls out is called after the commit, never inside the transaction.
  const { checkout } = await openCheckout({
    db,
    gateway,
    log,
    now,
    userId,
    paymentId,
    local,
    hold: decided.hold,
  });
  return {
    kind: 'pay',
    bookingId: decided.bookingId,
    showIds: decided.showIds,
    differencePaise: decided.differencePaise,
    url: checkout.url,
  };
}

/** An unpaid difference of this booking still within its window (a lapsed one is released first). */
async function waitingDifference(tx: Queryable, bookingId: string, now: Date): Promise<boolean> {
  const pending = await tx
    .select({ showId: bookings.showId, expiresAt: bookings.expiresAt })
    .from(bookings)
    .where(and(eq(bookings.exchangeOf, bookingId), eq(bookings.status, 'pending')));
  if (pending.some((hold) => hold.expiresAt > now)) return true;
  // Lapsed but not yet swept: released now, so it no longer counts (nor blocks the unique index).
  for (const hold of pending) {
    await tx.execute(
      sql`select marquee_release_lapsed(${now.toISOString()}::timestamptz, ${hold.showId}::uuid)`,
    );
  }
  return false;
}

/** The booking's food and drink at the prices sold (they stay with it through an exchange). */
async function itemsPaise(tx: Queryable, booking: BookingRow): Promise<number> {
  return uncollectedItemsPaise(tx, { ...booking, itemsCollectedAt: null });
}

/**
 * Makes the booking what the exchange says, in the caller's transaction: the claims of the hold
 * that carried the new seats become the booking's (the hold's own rows removed first, then the
 * booking's claimed, the old ones it keeps reused: its history of claims stays, one row per show
 * and seat), the booking's show, seats and amount change, its ticket version goes up (older
 * codes are refused at the door), its invoice is cancelled by a credit note and a new one issued,
 * and the buyer is told. Answers the new ticket version.
 */
export async function moveBooking(
  tx: Queryable,
  {
    booking,
    passing,
    showId,
    seats,
    amountPaise,
    differencePaise,
    now,
    paymentId,
  }: {
    booking: BookingRow;
    /** The booking that held the new seats. */
    passing: { bookingId: string };
    showId: string;
    seats: string[];
    amountPaise: number;
    differencePaise: number;
    now: Date;
    /** The difference's payment, which the new invoice is for (null when nothing was paid). */
    paymentId: string | null;
  },
): Promise<number> {
  await tx.delete(bookingSeats).where(eq(bookingSeats.bookingId, passing.bookingId));
  await tx
    .update(bookingSeats)
    .set({ isLive: false })
    .where(
      and(
        eq(bookingSeats.bookingId, booking.id),
        eq(bookingSeats.isLive, true),
        not(and(eq(bookingSeats.showId, showId), inArray(bookingSeats.seat, seats))!),
      ),
    );
  // In the order every claimer uses (the hold sorted them), so claimers never wait in a circle.
  for (const seat of seats) {
    await tx
      .insert(bookingSeats)
      .values({ bookingId: booking.id, showId, seat, isLive: true })
      .onConflictDoUpdate({
        target: [bookingSeats.bookingId, bookingSeats.showId, bookingSeats.seat],
        set: { isLive: true },
      });
  }
  const version = booking.ticketVersion + 1;
  await tx
    .update(bookings)
    .set({ showId, seats, amountPaise, ticketVersion: version, updatedAt: now })
    .where(eq(bookings.id, booking.id));
  await cancelInvoice(tx, { bookingId: booking.id, now });
  await issueInvoice(tx, { bookingId: booking.id, paymentId, now });
  await enqueueEmail(tx, { kind: 'booking-exchanged', bookingId: booking.id, version, differencePaise });
  await recordAudit(tx, {
    actorId: booking.userId,
    action: 'booking.exchange',
    entityType: 'booking',
    entityId: booking.id,
    details: {
      from: { showId: booking.showId, seats: booking.seats },
      to: { showId, seats },
      difference: paiseToRupees(differencePaise),
      ticketVersion: version,
    },
  });
  return version;
}

/** Why a paid difference cannot complete its exchange, in words for the buyer (its refund's reason). */
export const exchangeLateReasons = {
  cancelled: 'The booking was cancelled before the difference was paid',
  admitted: 'The booking was admitted at the door before the difference was paid',
  changed: 'The booking changed before the difference was paid',
} as const;

/**
 * Why a paid difference cannot complete its exchange (the booking changed meanwhile), or null.
 * Called with the booking and both shows locked.
 */
export function exchangeRefusal(
  original: BookingRow | undefined,
  oldShow: ShowRow | undefined,
): string | null {
  if (!original || original.status !== 'paid') return exchangeLateReasons.cancelled;
  if (original.checkedInAt) return exchangeLateReasons.admitted;
  if (!oldShow || oldShow.id !== original.showId) return exchangeLateReasons.changed;
  return null;
}

/**
 * A dearer exchange's difference was paid: the booking takes the new seats (CONTRACT §13), in the
 * payment's transaction, which holds both shows KEY SHARE and the booking, the hold and the payment
 * FOR UPDATE. The hold ends as 'cancelled' (its seats are the booking's now), the payment moves to
 * the booking it paid for.
 */
export async function completeExchange(
  tx: Queryable,
  {
    original,
    hold,
    payment,
    now,
  }: { original: BookingRow; hold: BookingRow; payment: typeof payments.$inferSelect; now: Date },
): Promise<void> {
  await moveBooking(tx, {
    booking: original,
    passing: { bookingId: hold.id },
    // An exchange's hold always has its show (a hold is for seats).
    showId: hold.showId!,
    seats: hold.seats,
    amountPaise: original.amountPaise + hold.amountPaise,
    differencePaise: hold.amountPaise,
    now,
    paymentId: payment.id,
  });
  await tx
    .update(payments)
    .set({ bookingId: original.id, updatedAt: now })
    .where(eq(payments.id, payment.id));
  await tx
    .update(bookings)
    .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
    .where(eq(bookings.id, hold.id));
}

/**
 * The whole exchange as a buyer asks for it: the transaction above, then the seat maps of both
 * shows told (the new show's even when the exchange was refused, as a hold may have been tried)
 * and, when it is done, the difference refunded at once.
 */
export async function exchangeAndRefund(
  deps: UseCaseDeps,
  request: Omit<ExchangeOptions, 'db' | 'gateways' | 'log' | 'now'>,
): Promise<ExchangeOutcome> {
  let outcome: ExchangeOutcome;
  try {
    outcome = await exchangeBooking({
      ...request,
      db: deps.db,
      gateways: deps.gateways,
      log: deps.log,
      now: deps.clock(),
    });
  } finally {
    deps.seatMaps.invalidate(request.showId);
  }
  for (const showId of outcome.showIds) deps.seatMaps.invalidate(showId);
  if (outcome.kind === 'done') await settleAfterCommit(deps, { refundIds: outcome.refundIds });
  return outcome;
}
