import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { closeCheckouts } from '../payments/checkouts.ts';
import type { GatewayName, PaymentGateway } from '../payments/gateway.ts';
import { cancelBooking } from './cancel-booking.ts';
import { holdSeats, type Hold } from './hold-seats.ts';

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
  seatIds: string[];
  limits: { windowSeconds: number; maxUnpaid: number; maxPerShow: number };
}

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
  seatIds,
  limits,
}: CreateBookingOptions): Promise<{ hold: Hold; checkout: { ref: string; url: string } }> {
  const paymentId = randomUUID();
  const local = gateway.localCheckout?.(paymentId);
  const hold = await holdSeats({
    db,
    showId,
    seatIds,
    userId,
    now,
    ...limits,
    localCheckout: local && { paymentId, gateway: gateway.name, ...local },
    onLapsed: (checkouts) => void closeCheckouts({ gateways, log }, checkouts),
  });
  if (local) return { hold, checkout: local };

  let checkout: { ref: string; url: string };
  try {
    checkout = await gateway.createCheckout({
      paymentId,
      bookingId: hold.bookingId,
      amountPaise: hold.amountPaise,
      expiresAt: hold.expiresAt,
      description: `${hold.seats.length} ticket${hold.seats.length > 1 ? 's' : ''}: ${hold.seats.join(', ')}`,
    });
  } catch (error) {
    log.error({ err: error, bookingId: hold.bookingId }, 'opening a checkout failed');
    await cancelBooking({ db, bookingId: hold.bookingId, actor: { id: userId, isAdmin: false }, now });
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
