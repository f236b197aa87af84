import {
  cancelBookingRequest,
  createBookingRequest,
  exchangeBookingRequest,
  formatRupees,
  messages,
  paiseToRupees,
  rupeesToPaise,
  userBookingsQuery,
  type CancellationQuoteResponse,
} from '@marquee/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { AppError, notFound } from '../../lib/app-error.ts';
import { parseInput } from '../../lib/parse.ts';
import { isAdmin, isStaff, requireUser } from '../auth/index.ts';
import { isUuid } from '../../lib/ids.ts';
import { cancelAndRefund } from './cancel-booking.ts';
import { readCancellation } from './cancellation.ts';
import { createBooking } from './create-booking.ts';
import { exchangeAndRefund } from './exchange-booking.ts';
import { bookingDocs as docs } from './docs.ts';
import { validateItems } from '../food/index.ts';
import { KnownSeats } from './layout-rules.ts';
import { findBookings, heldBookingView, heldGst } from './queries.ts';

const liveStatuses = ['pending', 'paid'] as const;
export async function bookingRoutes(app: FastifyInstance) {
  const { db, config, clock, seatMaps, gateway, gateways, movieCache } = app.deps;
  const timeZone = config.CINEMA_TIMEZONE;
  const known = new KnownSeats();
  /** What a use case needs of the app, with this request's log. */
  const useCase = (log: FastifyBaseLogger) => ({ db, gateways, clock, log, seatMaps });

  app.post('/api/bookings/create', { schema: docs.create }, async (request) => {
    const user = await requireUser(request);
    const input = parseInput(createBookingRequest, request.body ?? {});
    if (input.userId && input.userId !== user.id) throw new AppError('FORBIDDEN', messages.notAuthorized);
    if (!isUuid(input.showId)) throw notFound('Show not found');
    const now = clock();
    const created = await createBooking({
      db,
      gateway,
      gateways,
      log: request.log,
      now,
      userId: user.id,
      showId: input.showId,
      choice:
        input.selectedSeats !== undefined
          ? { seatIds: input.selectedSeats }
          : { quantity: input.quantity!, cls: input.class },
      accessible: input.accessible,
      rules: { gapRule: config.SEAT_GAP_RULE === 'on', releaseMinutes: config.ACCESSIBLE_RELEASE_MINUTES },
      known,
      buyerGstin: input.buyerGstin,
      buyerLegalName: input.buyerLegalName,
      items: validateItems(input.items),
      limits: {
        windowSeconds: config.PAYMENT_WINDOW_SECONDS,
        maxUnpaid: config.UNPAID_BOOKINGS_LIMIT,
        maxPerShow: config.UNPAID_BOOKINGS_PER_SHOW,
      },
      seatMaps,
    });
    const { hold, checkout } = created;
    const movie = await movieCache.find(hold.show.movieId);
    const booking = movie
      ? heldBookingView({
          hold,
          user,
          movie,
          paymentUrl: checkout.url,
          now,
          timeZone,
          ...(await heldGst(db, hold)),
        })
      : (await findBookings({ db, where: { ids: [hold.bookingId] }, now, timeZone }))[0];
    return {
      success: true,
      message: 'Seats held. Complete payment within the payment window.',
      booking,
      bookingId: hold.bookingId,
      url: checkout.url,
    };
  });

  // What cancelling now would give back (CONTRACT §13): the confirm dialog asks before cancelling.
  app.get<{ Params: { id: string } }>(
    '/api/bookings/:id/cancellation',
    { schema: docs.cancellation },
    async (request): Promise<CancellationQuoteResponse> => {
      const user = await requireUser(request);
      const answer = await readCancellation({
        db,
        bookingId: request.params.id,
        actor: { id: user.id, isStaff: isStaff(user) },
        now: clock(),
      });
      return {
        success: true,
        message: answer.allowed ? 'This booking can be cancelled' : 'This booking can no longer be cancelled',
        allowed: answer.allowed,
        refundAmount: paiseToRupees(answer.refundPaise),
        refundPercent: answer.refundPercent,
        until: answer.until?.toISOString() ?? null,
        paidAmount: paiseToRupees(answer.paidPaise),
        tiers: answer.tiers,
      };
    },
  );

  // Both readings of the spec: the store's PUT …/cancel and the page's DELETE.
  for (const [method, url, schema] of [
    ['PUT', '/api/bookings/:id/cancel', docs.cancelPut],
    ['DELETE', '/api/bookings/:id', docs.cancelDelete],
  ] as const) {
    app.route<{ Params: { id: string } }>({
      method,
      url,
      schema,
      async handler(request) {
        const user = await requireUser(request);
        const { reason, refundAmount } = parseInput(cancelBookingRequest, request.body ?? {});
        const outcome = await cancelAndRefund(useCase(request.log), {
          bookingId: request.params.id,
          actor: { id: user.id, isStaff: isStaff(user) },
          reason,
          refundAmountPaise: refundAmount === undefined ? undefined : rupeesToPaise(refundAmount),
        });
        const { refunds } = outcome;
        const refunded = refunds.length > 0 && refunds.every((refund) => refund.status === 'succeeded');
        const message = !outcome.changed
          ? `Booking already ${outcome.status}`
          : outcome.refundId
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

  // The exchange (CONTRACT §13): other seats or another show for a paid booking.
  app.post<{ Params: { id: string } }>(
    '/api/bookings/:id/exchange',
    { schema: docs.exchange },
    async (request) => {
      const user = await requireUser(request);
      const input = parseInput(exchangeBookingRequest, request.body ?? {});
      const outcome = await exchangeAndRefund(useCase(request.log), {
        gateway,
        userId: user.id,
        bookingId: request.params.id,
        showId: input.showId,
        seatIds: input.selectedSeats,
        accessible: input.accessible,
        rules: {
          gapRule: config.SEAT_GAP_RULE === 'on',
          releaseMinutes: config.ACCESSIBLE_RELEASE_MINUTES,
        },
        known,
        limits: {
          windowSeconds: config.PAYMENT_WINDOW_SECONDS,
          maxUnpaid: config.UNPAID_BOOKINGS_LIMIT,
          maxPerShow: config.UNPAID_BOOKINGS_PER_SHOW,
        },
      });
      const [booking] = await findBookings({
        db,
        where: { ids: [outcome.bookingId] },
        now: clock(),
        timeZone,
      });
      const difference = formatRupees(paiseToRupees(Math.abs(outcome.differencePaise)));
      return outcome.kind === 'pay'
        ? {
            success: true,
            message: `Your new seats are held. Pay the difference of ${difference} to complete the change.`,
            booking,
            url: outcome.url,
          }
        : {
            success: true,
            message:
              outcome.differencePaise < 0
                ? `Booking changed. The difference of ${difference} is being refunded.`
                : 'Booking changed.',
            booking,
          };
    },
  );

  // A user's list: live bookings (pending, paid) unless ?status=all (CONTRACT §8), so a cancelled
  // booking leaves the list as spec §4 says; My Bookings asks for all to show its past ones.
  const listUserBookings = async (userId: string, query: unknown) => {
    const { status } = parseInput(userBookingsQuery, query ?? {});
    return findBookings({
      db,
      // A counter sale's user is its seller, but it is the customer's booking (decision 0023).
      // Nor the seats of an exchange waiting for its difference: they are the booking's (§13).
      where: {
        userId,
        statuses: status === 'all' ? undefined : liveStatuses,
        notChannel: ['counter', 'exchange'],
      },
      now: clock(),
      timeZone,
    });
  };

  app.get('/api/bookings/user', { schema: docs.mine }, async (request) => {
    const user = await requireUser(request);
    const bookings = await listUserBookings(user.id, request.query);
    return { success: true, message: 'Bookings fetched', bookings };
  });

  app.get<{ Params: { userId: string } }>(
    '/api/bookings/user/:userId',
    { schema: docs.ofUser },
    async (request) => {
      const user = await requireUser(request);
      if (request.params.userId !== user.id && !isAdmin(user))
        throw new AppError('FORBIDDEN', messages.notAuthorized);
      const bookings = await listUserBookings(request.params.userId, request.query);
      return { success: true, message: 'Bookings fetched', bookings };
    },
  );

  app.get<{ Params: { id: string } }>('/api/bookings/:id', { schema: docs.one }, async (request) => {
    const user = await requireUser(request);
    if (!isUuid(request.params.id)) throw notFound('Booking not found');
    const [booking] = await findBookings({ db, where: { ids: [request.params.id] }, now: clock(), timeZone });
    if (!booking) throw notFound('Booking not found');
    if (booking.user._id !== user.id && !isAdmin(user))
      throw new AppError('FORBIDDEN', messages.notAuthorized);
    return { success: true, message: 'Booking fetched', booking };
  });
}
