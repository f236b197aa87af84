import { paiseToRupees, type Movie, type Show } from '@marquee/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { bookings, movies, payments, refunds, shows, users } from '../../db/schema.ts';
import { toMovie, toShow } from '../catalogue/serialize.ts';

export type BookingStatus = 'pending' | 'paid' | 'cancelled' | 'expired';

/** A booking as the API answers (CONTRACT §4). */
export interface BookingView {
  _id: string;
  user: { _id: string; name: string };
  show: Omit<Show<Movie>, 'availableSeats'>;
  bookedSeats: string[];
  amount: number;
  isPaid: boolean;
  status: BookingStatus;
  /** The payment page, while the booking can still be paid. */
  paymentLink: string | null;
  expiresAt: string;
  createdAt: string;
  paidAt: string | null;
  cancelledAt: string | null;
  refund: { amount: number; status: string; createdAt: string } | null;
}

export async function findBookings({
  db,
  where,
  now,
  timeZone,
}: {
  db: Queryable;
  where: { ids?: string[]; userId?: string };
  now: Date;
  timeZone: string;
}): Promise<BookingView[]> {
  const rows = await db
    .select({ booking: bookings, show: shows, movie: movies, user: { id: users.id, name: users.name } })
    .from(bookings)
    .innerJoin(shows, eq(shows.id, bookings.showId))
    .innerJoin(movies, eq(movies.id, shows.movieId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(
      and(
        where.ids ? inArray(bookings.id, where.ids) : undefined,
        where.userId ? eq(bookings.userId, where.userId) : undefined,
      ),
    )
    .orderBy(desc(bookings.createdAt));
  if (!rows.length) return [];
  const bookingIds = rows.map((row) => row.booking.id);
  const paymentRows = await db
    .select({ payment: payments, refund: refunds })
    .from(payments)
    .leftJoin(refunds, eq(refunds.paymentId, payments.id))
    .where(inArray(payments.bookingId, bookingIds))
    .orderBy(desc(payments.createdAt));
  return rows.map(({ booking, show, movie, user }) => {
    const ofBooking = paymentRows.filter((row) => row.payment.bookingId === booking.id);
    const open = ofBooking.find((row) => row.payment.status === 'open');
    const refund = ofBooking.find((row) => row.refund)?.refund ?? null;
    const payable = booking.status === 'pending' && booking.expiresAt > now;
    return {
      _id: booking.id,
      user: { _id: user.id, name: user.name },
      show: showOfBooking(toShow(show, 0, toMovie(movie), timeZone)),
      bookedSeats: booking.seats,
      amount: paiseToRupees(booking.amountPaise),
      isPaid: booking.status === 'paid',
      status: booking.status as BookingStatus,
      paymentLink: payable ? (open?.payment.paymentUrl ?? null) : null,
      expiresAt: booking.expiresAt.toISOString(),
      createdAt: booking.createdAt.toISOString(),
      paidAt: booking.paidAt?.toISOString() ?? null,
      cancelledAt: booking.cancelledAt?.toISOString() ?? null,
      refund: refund
        ? {
            amount: paiseToRupees(refund.amountPaise),
            status: refund.status,
            createdAt: refund.createdAt.toISOString(),
          }
        : null,
    };
  });
}

/** A booking's show without the live seat count, which a booking view has no business showing. */
function showOfBooking({
  availableSeats: _unused,
  ...show
}: Show<Movie>): Omit<Show<Movie>, 'availableSeats'> {
  return { ...show, status: show.status === 'cancelled' ? 'cancelled' : 'active' };
}
