import { boxOfficeMessages, WALK_IN_CUSTOMER, type CounterPaymentMethod } from '@marquee/shared';
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { bookings, counterSales, payments, shifts } from '../../db/schema.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { recordAudit } from '../audit/index.ts';
import {
  holdSeats,
  validateSeatRequest,
  holdChosenSeats,
  type KnownSeats,
  type SeatRulesConfig,
} from '../bookings/index.ts';
import { claimItems, validateItems, type ItemRequest } from '../food/index.ts';
import { issueInvoice } from '../invoices/index.ts';
import { enqueueEmail } from '../outbox/index.ts';

/** The gateway name counter payments are recorded under (payments.gateway): money taken in person. */
export const COUNTER_GATEWAY = 'counter';

/**
 * Counter sales are not bound by the online holding limits (one unpaid booking per show, a few
 * across shows): the booking is paid in the transaction that holds it, so it is never unpaid.
 */
const NO_LIMIT = 1_000_000;

export interface CounterSaleInput {
  showId?: string;
  seatIds?: string[];
  items?: ItemRequest[];
  payment?: { method: CounterPaymentMethod; tenderedPaise?: number; reference?: string };
  customer?: { name?: string; phone?: string; email?: string; gstin?: string };
  complimentary?: boolean;
}

export interface CounterSaleOutcome {
  bookingId: string;
  /** Null for food and drink sold on its own. */
  showId: string | null;
  changePaise: number;
}

/**
 * Food and drink sold on its own (issue 31 item 4): a booking without a show or seats, inserted
 * in the sale's transaction, then its stock taken by the one claim every seller uses
 * (marquee_claim_items, through claimItems: products locked in id order, never below zero, 409
 * `Only {n} {name} left`). The amount is first the menu's price of now, then set to what the claim
 * charged (the claim prices under the products' locks).
 */
async function holdItemsOnly(
  tx: Queryable,
  { sellerId, items, now }: { sellerId: string; items: ItemRequest[]; now: Date },
): Promise<{ bookingId: string; amountPaise: number; seats: string[] }> {
  const bookingId = randomUUID();
  // A placeholder amount (the row's check wants one above 0); the claim's total replaces it.
  await tx.insert(bookings).values({
    id: bookingId,
    userId: sellerId,
    showId: null,
    seats: [],
    amountPaise: 1,
    status: 'pending',
    channel: 'counter',
    expiresAt: now,
    createdAt: now,
    updatedAt: now,
  });
  const amountPaise = await claimItems(tx, { bookingId, items, now });
  if (amountPaise <= 0) throw badRequest(boxOfficeMessages.nothingToSell);
  return { bookingId, amountPaise, seats: [] };
}

/**
 * Sells seats at the counter (CONTRACT §11): one transaction that takes the seller's open shift
 * FOR SHARE (a close waits for the sale; a sale after the close finds no open shift), holds the
 * seats through the same hold function as online (db/sql/marquee_hold_seats.sql, so the unique
 * claim decides every race with online buyers and other counters), and then marks the booking
 * paid as a counter sale, records the payment and the sale's facts, issues the tax invoice and
 * audits. Anything refused after the hold (tendered cash short) rolls the hold back with it.
 *
 * The booking's user is the seller (bookings.user_id is required); the customer is kept in
 * counter_sales, and the seller's own lists leave counter sales out (decision 0023).
 */
export async function sellAtCounter({
  db,
  seller,
  input,
  known,
  rules,
  now,
  windowSeconds,
}: {
  db: Db;
  seller: { id: string; isAdmin: boolean };
  input: CounterSaleInput;
  known: KnownSeats;
  rules: SeatRulesConfig;
  now: Date;
  windowSeconds: number;
}): Promise<CounterSaleOutcome> {
  const complimentary = input.complimentary === true;
  const items = validateItems(input.items);
  if (items.length && complimentary) throw badRequest(boxOfficeMessages.compWithItems);
  // Food and drink on its own: no show and no seats (issue 31 item 4).
  const itemsOnly = !input.showId && !input.seatIds?.length;
  if (itemsOnly && !items.length) throw badRequest(boxOfficeMessages.nothingToSell);
  if (!itemsOnly && items.length && !input.seatIds?.length)
    throw badRequest(boxOfficeMessages.itemsNeedSeats);
  if (complimentary && !seller.isAdmin) throw new AppError('FORBIDDEN', boxOfficeMessages.compsAdminsOnly);
  const payment = complimentary ? undefined : input.payment;
  if (!complimentary && !payment) throw badRequest("payment is required: {method: 'cash' | 'card' | 'upi'}");
  if (payment && payment.method !== 'cash' && !payment.reference)
    throw badRequest(boxOfficeMessages.needsReference);
  if (!itemsOnly && !input.showId) throw badRequest('showId is required');
  const seats = itemsOnly ? [] : validateSeatRequest(input.seatIds ?? []);
  if (!itemsOnly && !isUuid(input.showId!)) throw notFound('Show not found');
  const showId = itemsOnly ? null : input.showId!;

  return db.transaction(async (tx) => {
    // The open shift, held FOR SHARE until commit: a close (UPDATE … WHERE closed_at IS NULL)
    // waits for this sale, and a sale that waited for a close finds the shift closed.
    const [shift] = await tx
      .select({ id: shifts.id })
      .from(shifts)
      .where(and(eq(shifts.userId, seller.id), isNull(shifts.closedAt)))
      .for('share');
    if (!shift) throw conflict(boxOfficeMessages.noShift);

    // The online seat rules, except that staff may sell the held-back wheelchair spaces; food and
    // drink alone is a booking without a show whose stock the same claim takes as online.
    const txDb = tx as unknown as Db;
    const hold =
      showId === null
        ? await holdItemsOnly(tx, { sellerId: seller.id, items, now })
        : await holdChosenSeats({
            db: txDb,
            known,
            showId,
            seats,
            accessible: true,
            now,
            rules,
            hold: (decidedOn) =>
              holdSeats({
                db: txDb,
                showId,
                seatIds: seats,
                userId: seller.id,
                now,
                windowSeconds,
                maxUnpaid: NO_LIMIT,
                maxPerShow: NO_LIMIT,
                decidedOn,
                // Stock is claimed in the hold's own statement, as online (db/sql/marquee_claim_items.sql).
                items,
              }),
          });

    const amountPaise = complimentary ? 0 : hold.amountPaise;
    let changePaise = 0;
    let tenderedPaise: number | null = null;
    if (payment?.method === 'cash') {
      tenderedPaise = payment.tenderedPaise ?? amountPaise;
      if (tenderedPaise < amountPaise) throw badRequest(boxOfficeMessages.shortTender);
      changePaise = tenderedPaise - amountPaise;
    }

    await tx
      .update(bookings)
      .set({
        status: 'paid',
        paidAt: now,
        channel: 'counter',
        complimentary,
        amountPaise,
        buyerGstin: input.customer?.gstin ?? null,
        updatedAt: now,
      })
      .where(eq(bookings.id, hold.bookingId));

    let paymentId: string | null = null;
    if (payment) {
      paymentId = randomUUID();
      await tx.insert(payments).values({
        id: paymentId,
        bookingId: hold.bookingId,
        gateway: COUNTER_GATEWAY,
        // Unique per gateway: the booking's own id names its one counter payment.
        gatewayRef: hold.bookingId,
        amountPaise,
        status: 'succeeded',
        succeededAt: now,
        createdAt: now,
        updatedAt: now,
      });
    }
    await tx.insert(counterSales).values({
      bookingId: hold.bookingId,
      shiftId: shift.id,
      sellerId: seller.id,
      method: payment?.method ?? 'comp',
      paymentId,
      amountPaise,
      tickets: hold.seats.length,
      paymentReference: payment?.method === 'cash' ? null : (payment?.reference ?? null),
      tenderedPaise,
      changePaise: payment?.method === 'cash' ? changePaise : null,
      customerName: input.customer?.name ?? null,
      customerPhone: input.customer?.phone ?? null,
      customerEmail: input.customer?.email ?? null,
      createdAt: now,
    });
    // A comp is given, not sold: nothing is supplied for a price, so no tax invoice (decision 0023).
    if (paymentId) {
      await issueInvoice(tx, {
        bookingId: hold.bookingId,
        paymentId,
        now,
        buyerName: input.customer?.name ?? WALK_IN_CUSTOMER,
      });
    }
    // The customer's e-ticket, when they gave an email: queued like an online booking's, and
    // addressed by the email worker to the customer, never the seller (email/worker.ts).
    if (input.customer?.email) await enqueueEmail(tx, { kind: 'booking-paid', bookingId: hold.bookingId });
    await recordAudit(tx, {
      actorId: seller.id,
      action: complimentary ? 'boxoffice.comp' : 'boxoffice.sale',
      entityType: 'booking',
      entityId: hold.bookingId,
      details: {
        shiftId: shift.id,
        method: payment?.method ?? 'comp',
        amountPaise,
        seats: hold.seats,
      },
    });
    return { bookingId: hold.bookingId, showId, changePaise };
  });
}
