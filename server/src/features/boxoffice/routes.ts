import {
  closeShiftRequest,
  counterPhoneQuery,
  counterRefundRequest,
  counterSaleRequest,
  addDays,
  DEFAULT_SHIFT_DAYS,
  formatPaise,
  openShiftRequest,
  paiseToRupees,
  rupeesToPaise,
  shiftsQuery,
  shiftTotals,
  zonedDate,
} from '@marquee/shared';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/app-error.ts';
import { sendCsv } from '../../lib/csv.ts';
import { parseInput } from '../../lib/parse.ts';
import { isAdmin, requireStaff } from '../auth/index.ts';
import { findBookings, KnownSeats } from '../bookings/index.ts';
import { carryOutRefunds } from '../payments/index.ts';
import { boxOfficeDocs as docs } from './docs.ts';
import { bookingIdByReference, bookingIdsByPhone, counterSaleOf, refundOwedAtCounter } from './queries.ts';
import { refundAtCounter } from './refund-at-counter.ts';
import { sellAtCounter } from './sell-at-counter.ts';
import { shiftsCsv } from './shifts-csv.ts';
import { closeShift, currentShift, findShift, listShifts, openShift, shiftView } from './shifts.ts';

/** The box office (CONTRACT §11): staff and admins only. Routes parse, call and answer. */
export async function boxOfficeRoutes(app: FastifyInstance) {
  const { db, config, clock, seatMaps, gateways } = app.deps;
  const timeZone = config.CINEMA_TIMEZONE;
  const known = new KnownSeats();
  const bookingView = async (bookingId: string) =>
    (await findBookings({ db, where: { ids: [bookingId] }, now: clock(), timeZone, withEmail: true }))[0]!;

  app.post('/api/boxoffice/shifts', { schema: docs.openShift }, async (request, reply) => {
    const user = await requireStaff(request);
    const { openingFloat } = parseInput(openShiftRequest, request.body ?? {});
    const row = await openShift({
      db,
      userId: user.id,
      openingFloatPaise: rupeesToPaise(openingFloat),
      now: clock(),
    });
    reply.status(201);
    return { success: true, message: 'Shift opened', shift: await shiftView(db, row) };
  });

  app.get('/api/boxoffice/shifts/current', { schema: docs.currentShift }, async (request) => {
    const user = await requireStaff(request);
    const row = await currentShift(db, user.id);
    return {
      success: true,
      message: row ? 'Shift open' : 'No open shift',
      shift: row ? await shiftView(db, row) : null,
    };
  });

  app.get('/api/boxoffice/shifts', { schema: docs.shifts }, async (request, reply) => {
    const user = await requireStaff(request);
    const query = parseInput(shiftsQuery, request.query ?? {});
    const to =
      query.to ?? (query.from ? addDays(query.from, DEFAULT_SHIFT_DAYS - 1) : zonedDate(clock(), timeZone));
    const from = query.from ?? addDays(to, 1 - DEFAULT_SHIFT_DAYS);
    const shifts = await listShifts(db, {
      viewer: { id: user.id, isAdmin: isAdmin(user) },
      from,
      to,
      timeZone,
    });
    const totals = shiftTotals(shifts);
    if (query.format === 'csv')
      return sendCsv(
        reply,
        `marquee-shifts-${from}-to-${to}.csv`,
        shiftsCsv({ from, to, shifts, totals, timeZone }),
      );
    const message = `${shifts.length} shift${shifts.length === 1 ? '' : 's'}`;
    return { success: true, message, from, to, shifts, totals };
  });

  app.get<{ Params: { id: string } }>(
    '/api/boxoffice/shifts/:id',
    { schema: docs.oneShift },
    async (request) => {
      const user = await requireStaff(request);
      const row = await findShift(db, request.params.id, { id: user.id, isAdmin: isAdmin(user) });
      return { success: true, message: 'Shift fetched', shift: await shiftView(db, row) };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/boxoffice/shifts/:id/close',
    { schema: docs.closeShift },
    async (request) => {
      const user = await requireStaff(request);
      const { countedCash } = parseInput(closeShiftRequest, request.body ?? {});
      const row = await closeShift({
        db,
        shiftId: request.params.id,
        actor: { id: user.id, isAdmin: isAdmin(user) },
        countedCashPaise: rupeesToPaise(countedCash),
        now: clock(),
      });
      return { success: true, message: 'Shift closed', shift: await shiftView(db, row) };
    },
  );

  app.post('/api/boxoffice/sales', { schema: docs.sell }, async (request, reply) => {
    const user = await requireStaff(request);
    const input = parseInput(counterSaleRequest, request.body ?? {});
    let outcome;
    try {
      outcome = await sellAtCounter({
        db,
        seller: { id: user.id, isAdmin: isAdmin(user) },
        input: {
          showId: input.showId,
          seatIds: input.selectedSeats,
          items: input.items,
          payment: input.payment && {
            method: input.payment.method,
            tenderedPaise:
              input.payment.tendered === undefined ? undefined : rupeesToPaise(input.payment.tendered),
            reference: input.payment.reference,
          },
          customer: input.customer,
          complimentary: input.complimentary,
        },
        known,
        rules: { gapRule: config.SEAT_GAP_RULE === 'on', releaseMinutes: config.ACCESSIBLE_RELEASE_MINUTES },
        now: clock(),
        windowSeconds: config.PAYMENT_WINDOW_SECONDS,
      });
    } finally {
      if (input.showId) seatMaps.invalidate(input.showId);
    }
    reply.status(201);
    return {
      success: true,
      message: 'Sold',
      booking: await bookingView(outcome.bookingId),
      change: paiseToRupees(outcome.changePaise),
      sale: (await counterSaleOf(db, outcome.bookingId))!,
    };
  });

  app.post('/api/boxoffice/refunds', { schema: docs.refund }, async (request) => {
    const user = await requireStaff(request);
    const input = parseInput(counterRefundRequest, request.body ?? {});
    const outcome = await refundAtCounter({
      db,
      refunder: { id: user.id },
      bookingId: input.bookingId,
      reason: input.reason,
      refundAmountPaise: input.refundAmount === undefined ? undefined : rupeesToPaise(input.refundAmount),
      now: clock(),
    });
    if (outcome.showId) seatMaps.invalidate(outcome.showId);
    let status = 'succeeded';
    if (outcome.gatewayRefundIds.length) {
      const carried = await carryOutRefunds(
        { db, gateways, clock, log: request.log },
        outcome.gatewayRefundIds,
      );
      // Succeeded only when every payment's refund did.
      status = carried.length && carried.every((r) => r.status === 'succeeded') ? 'succeeded' : 'pending';
    }
    return {
      success: true,
      message:
        outcome.method === 'online'
          ? status === 'succeeded'
            ? `Booking cancelled: ${formatPaise(outcome.amountPaise)} refunded online`
            : `Booking cancelled; the online refund of ${formatPaise(outcome.amountPaise)} is being processed`
          : outcome.method === 'comp'
            ? 'Complimentary booking cancelled'
            : `Booking cancelled: refund ${formatPaise(outcome.amountPaise)} by ${outcome.method}`,
      booking: await bookingView(outcome.bookingId),
      refund: { method: outcome.method, amount: paiseToRupees(outcome.amountPaise), status },
    };
  });

  app.get('/api/boxoffice/bookings', { schema: docs.byPhone }, async (request) => {
    await requireStaff(request);
    const { phone } = parseInput(counterPhoneQuery, request.query ?? {});
    const ids = await bookingIdsByPhone(db, phone);
    const found = ids.length
      ? await findBookings({ db, where: { ids }, now: clock(), timeZone, withEmail: true })
      : [];
    return {
      success: true,
      message: found.length
        ? `${found.length} booking${found.length === 1 ? '' : 's'} found`
        : 'No bookings for that number',
      bookings: found,
    };
  });

  app.get<{ Params: { reference: string } }>(
    '/api/boxoffice/bookings/:reference',
    { schema: docs.byReference },
    async (request) => {
      await requireStaff(request);
      const bookingId = await bookingIdByReference(db, request.params.reference);
      if (!bookingId) throw notFound('No booking has that reference');
      return {
        success: true,
        message: 'Booking found',
        booking: await bookingView(bookingId),
        sale: await counterSaleOf(db, bookingId),
        refundOwed: await refundOwedAtCounter(db, bookingId),
      };
    },
  );
}
