import { randomUUID } from 'node:crypto';
import { messages } from '@marquee/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { payments } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { parseInput } from '../../lib/parse.ts';
import { isAdmin, requireUser } from '../auth/guards.ts';
import { isUuid } from '../catalogue/queries.ts';
import { recordAudit } from '../audit/record.ts';
import { closeCheckouts, issueRefund } from '../payments/issue-refund.ts';
import { cancelBooking } from './cancel-booking.ts';
import { holdSeats } from './hold-seats.ts';
import { findBookings, heldBookingView } from './queries.ts';

const createBookingInput = z.object({
  showId: z.string({ message: 'showId is required' }).trim().min(1, 'showId is required'),
  selectedSeats: z
    .array(z.string().trim().max(10, 'Invalid seat'), { message: messages.noSeats })
    .max(50, messages.maxSeats),
  userId: z.string().optional(),
});

const liveStatuses = ['pending', 'paid'] as const;
const userBookingsQuery = z.object({
  status: z.enum(['live', 'all'], { message: "status must be 'live' or 'all'" }).optional(),
});

export async function bookingRoutes(app: FastifyInstance) {
  const { db, config, clock, seatMaps, gateway, movieCache } = app.deps;
  const timeZone = config.CINEMA_TIMEZONE;

  app.post('/api/bookings/create', async (request) => {
    const user = await requireUser(request);
    const input = parseInput(createBookingInput, request.body ?? {});
    if (input.userId && input.userId !== user.id) throw new AppError('FORBIDDEN', messages.notAuthorized);
    if (!isUuid(input.showId)) throw notFound('Show not found');
    const now = clock();
    const paymentId = randomUUID();
    const local = gateway.localCheckout?.(paymentId);
    const hold = await holdSeats({
      db,
      showId: input.showId,
      seatIds: input.selectedSeats,
      userId: user.id,
      now,
      windowSeconds: config.PAYMENT_WINDOW_SECONDS,
      localCheckout: local && { paymentId, gateway: gateway.name, ...local },
      onLapsed: (checkouts) => void closeCheckouts(app, checkouts),
    });
    seatMaps.invalidate(hold.showId);

    let checkout = local;
    if (!checkout) {
      // A gateway that calls out is called after the hold commits: never inside a transaction.
      try {
        checkout = await gateway.createCheckout({
          paymentId,
          bookingId: hold.bookingId,
          amountPaise: hold.amountPaise,
          expiresAt: hold.expiresAt,
          description: `${hold.seats.length} ticket${hold.seats.length > 1 ? 's' : ''}: ${hold.seats.join(', ')}`,
        });
      } catch (error) {
        // No way to pay: let the seats go at once rather than block them for the whole window.
        request.log.error({ err: error, bookingId: hold.bookingId }, 'opening a checkout failed');
        await cancelBooking({ db, bookingId: hold.bookingId, actor: { id: user.id, isAdmin: false }, now });
        seatMaps.invalidate(hold.showId);
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
    }
    const movie = await movieCache.find(hold.show.movieId);
    const booking = movie
      ? heldBookingView({ hold, user, movie, paymentUrl: checkout.url, now, timeZone })
      : (await findBookings({ db, where: { ids: [hold.bookingId] }, now, timeZone }))[0];
    return {
      success: true,
      message: 'Seats held. Complete payment within the payment window.',
      booking,
      bookingId: hold.bookingId,
      url: checkout.url,
    };
  });

  // Both readings of the spec: the store's PUT …/cancel and the page's DELETE.
  for (const [method, url] of [
    ['PUT', '/api/bookings/:id/cancel'],
    ['DELETE', '/api/bookings/:id'],
  ] as const) {
    app.route<{ Params: { id: string } }>({
      method,
      url,
      async handler(request) {
        const user = await requireUser(request);
        const outcome = await cancelBooking({
          db,
          bookingId: request.params.id,
          actor: { id: user.id, isAdmin: isAdmin(user) },
          now: clock(),
        });
        seatMaps.invalidate(outcome.showId);
        await closeCheckouts(app, outcome.openCheckouts);
        if (outcome.changed) {
          await recordAudit(db, {
            actorId: user.id,
            action: 'booking.cancel',
            entityType: 'booking',
            entityId: outcome.bookingId,
            details: { refunded: Boolean(outcome.refund) },
          });
        }
        const refunded = outcome.refund ? await issueRefund(app, outcome.refund, 'booking cancelled') : false;
        const message = !outcome.changed
          ? `Booking already ${outcome.status}`
          : outcome.refund
            ? refunded
              ? 'Booking cancelled. Your payment has been refunded.'
              : 'Booking cancelled. Your refund is being processed.'
            : 'Booking cancelled';
        const [booking] = await findBookings({
          db,
          where: { ids: [outcome.bookingId] },
          now: clock(),
          timeZone,
        });
        return { success: true, message, booking };
      },
    });
  }

  // A user's list: live bookings (pending, paid) unless ?status=all (CONTRACT §8), so a cancelled
  // booking leaves the list as spec §4 says; My Bookings asks for all to show its past ones.
  const listUserBookings = async (userId: string, query: unknown) => {
    const { status } = parseInput(userBookingsQuery, query ?? {});
    return findBookings({
      db,
      where: { userId, statuses: status === 'all' ? undefined : liveStatuses },
      now: clock(),
      timeZone,
    });
  };

  app.get('/api/bookings/user', async (request) => {
    const user = await requireUser(request);
    const bookings = await listUserBookings(user.id, request.query);
    return { success: true, message: 'Bookings fetched', bookings };
  });

  app.get<{ Params: { userId: string } }>('/api/bookings/user/:userId', async (request) => {
    const user = await requireUser(request);
    if (request.params.userId !== user.id && !isAdmin(user))
      throw new AppError('FORBIDDEN', messages.notAuthorized);
    const bookings = await listUserBookings(request.params.userId, request.query);
    return { success: true, message: 'Bookings fetched', bookings };
  });

  app.get<{ Params: { id: string } }>('/api/bookings/:id', async (request) => {
    const user = await requireUser(request);
    if (!isUuid(request.params.id)) throw notFound('Booking not found');
    const [booking] = await findBookings({ db, where: { ids: [request.params.id] }, now: clock(), timeZone });
    if (!booking) throw notFound('Booking not found');
    if (booking.user._id !== user.id && !isAdmin(user))
      throw new AppError('FORBIDDEN', messages.notAuthorized);
    return { success: true, message: 'Booking fetched', booking };
  });
}
