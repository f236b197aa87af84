import { formatTimeOfDay, runtimeMinutes, toZonedParts, WALK_IN_CUSTOMER } from '@marquee/shared';
import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { bookings, counterSales, movies, shows, users } from '../../db/schema.ts';

/** What the ticket and the door need of a booking, read in one query. */
export interface AdmissionBooking {
  id: string;
  reference: string;
  userId: string;
  /** The buyer's name: the account's, or a counter sale's customer's (never the seller's). */
  userName: string;
  status: string;
  seats: string[];
  amountPaise: number;
  checkedInAt: Date | null;
  /** How many of the party are in (0 to seats.length). */
  admittedCount: number;
  /** The buyer's current share link version (share-link.ts). */
  shareVersion: number;
  refunded: boolean;
  /** The version of the ticket code now valid (an exchange issues a new one, CONTRACT §13). */
  ticketVersion: number;
  showId: string;
  showStatus: string;
  startsAt: Date;
  endsAt: Date;
  movieTitle: string;
  /** The show's screen, named as when the show was made (what the ticket prints). */
  screenName: string;
}

const columns = {
  id: bookings.id,
  reference: bookings.reference,
  userId: bookings.userId,
  userName: sql<string>`case when ${bookings.channel} = 'counter'
    then coalesce(${counterSales.customerName}, ${WALK_IN_CUSTOMER}) else ${users.name} end`,
  status: bookings.status,
  seats: bookings.seats,
  amountPaise: bookings.amountPaise,
  checkedInAt: bookings.checkedInAt,
  ticketVersion: bookings.ticketVersion,
  admittedCount: bookings.admittedCount,
  shareVersion: bookings.shareVersion,
  refunded: sql<boolean>`exists (
    select 1 from payments p join refunds r on r.payment_id = p.id where p.booking_id = ${bookings.id}
  )`.mapWith(Boolean),
  showId: shows.id,
  showStatus: shows.status,
  startsAt: shows.startsAt,
  screenName: shows.screenName,
  runtime: movies.runtime,
  movieTitle: movies.title,
};

export async function findAdmissionBooking(
  db: Queryable,
  by: { id: string } | { reference: string },
): Promise<AdmissionBooking | null> {
  const [row] = await db
    .select(columns)
    .from(bookings)
    .innerJoin(shows, eq(shows.id, bookings.showId))
    .innerJoin(movies, eq(movies.id, shows.movieId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .leftJoin(counterSales, eq(counterSales.bookingId, bookings.id))
    .where('id' in by ? eq(bookings.id, by.id) : eq(bookings.reference, by.reference));
  if (!row) return null;
  const { runtime, ...rest } = row;
  return { ...rest, endsAt: new Date(row.startsAt.getTime() + runtimeMinutes(runtime) * 60_000) };
}

/**
 * Why a booking cannot be admitted or ticketed, naming its state, or null when it is paid and
 * its money is not on the way back.
 */
export function stateProblem(booking: Pick<AdmissionBooking, 'status' | 'refunded'>): string | null {
  if (booking.refunded) return 'This booking was refunded';
  switch (booking.status) {
    case 'paid':
      return null;
    case 'pending':
      return 'This booking is pending payment';
    case 'cancelled':
      return 'This booking was cancelled';
    case 'expired':
      return 'This booking has expired';
    default:
      return `This booking is ${booking.status}`;
  }
}

/** A show's date and time in the cinema's calendar, as the API writes them. */
export function showDateTime(startsAt: Date, timeZone: string): { showDate: string; showTime: string } {
  const { date, minutes } = toZonedParts(startsAt, timeZone);
  return { showDate: date, showTime: formatTimeOfDay(minutes) };
}

/** A typed reference as staff may key it: any case, spaces or dashes between groups. */
export function normaliseReference(text: string): string {
  return text.replace(/[\s-]+/g, '').toUpperCase();
}

export const REFERENCE_PATTERN = /^[2-9A-HJ-NP-Z]{6,10}$/;
