import { zonedDate } from '@marquee/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, bookings } from '../../db/schema.ts';
import { AppError, badRequest, conflict } from '../../lib/app-error.ts';
import {
  findAdmissionBooking,
  normaliseReference,
  REFERENCE_PATTERN,
  showDateTime,
  stateProblem,
  type AdmissionBooking,
} from './admission-booking.ts';
import type { TicketCodes } from './ticket-code.ts';

/** How long before the start the door opens for a show. */
export const DOORS_OPEN_MS = 2 * 60 * 60 * 1000;

export const INVALID_TICKET = 'Invalid ticket';
/** A code issued before the booking was exchanged (CONTRACT §13). */
export const EXCHANGED_TICKET = 'This ticket was exchanged';

export interface CheckInOptions {
  db: Db;
  tickets: TicketCodes;
  /**
   * A scanned code, or a reference typed at the door; `count` admits that many of the party
   * (CONTRACT §6), left out: everyone still to come in.
   */
  input: ({ code: string } | { reference: string }) & { count?: number };
  staffId: string;
  now: Date;
  timeZone: string;
}

/**
 * Admits a paid booking's party, all at once or in parts (CONTRACT §6). The rules are checked on
 * what was read, then one conditional UPDATE claims the people: it adds `count` to
 * `admitted_count` only while that stays within the seats, so of two door phones admitting one
 * party at once the second finds the row changed (PostgreSQL makes it wait for the first to
 * commit, then re-checks its WHERE) and is refused — never more people in than seats. The table's
 * check (bookings_admitted_within_seats) is the backstop. The audit entry is written in the same
 * transaction as the admission.
 */
export async function checkIn({ db, tickets, input, staffId, now, timeZone }: CheckInOptions) {
  const { booking, ticketVersion } = await resolve(db, tickets, input);
  if (!booking) throw badRequest(INVALID_TICKET);
  const count = refuseUnlessAdmissible(booking, input.count, now, timeZone);
  if (ticketVersion !== null && ticketVersion < booking.ticketVersion) throw conflict(EXCHANGED_TICKET);

  const admitted = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(bookings)
      .set({
        admittedCount: sql`${bookings.admittedCount} + ${count}`,
        checkedInAt: now,
        checkedInBy: staffId,
        updatedAt: now,
      })
      .where(
        and(
          eq(bookings.id, booking.id),
          eq(bookings.status, 'paid'),
          // Conditional update so two door phones admitting one party at once can't both proceed.
          sql`${bookings.admittedCount} + ${count} <= cardinality(${bookings.seats})`,
          // An exchange committed since the code was read makes it an old one.
          ticketVersion === null ? undefined : eq(bookings.ticketVersion, ticketVersion),
          sql`not exists (select 1 from payments p join refunds r on r.payment_id = p.id
                          where p.booking_id = ${bookings.id})`,
        ),
      )
      .returning({ admittedCount: bookings.admittedCount });
    if (!row) return null;
    await tx.insert(auditLog).values({
      actorId: staffId,
      action: 'booking.check-in',
      entityType: 'booking',
      entityId: booking.id,
      details: {
        reference: booking.reference,
        seats: booking.seats,
        admitted: count,
        admittedSoFar: row.admittedCount,
        via: 'code' in input ? 'scan' : 'reference',
      },
    });
    return row.admittedCount;
  });
  if (admitted === null) {
    // Someone else got there first (or the booking changed since it was read): say what now holds.
    const now2 = await findAdmissionBooking(db, { id: booking.id });
    if (now2) refuseUnlessAdmissible(now2, input.count ?? count, now, timeZone);
    if (now2 && ticketVersion !== null && ticketVersion < now2.ticketVersion)
      throw conflict(EXCHANGED_TICKET);
    throw conflict('This ticket could not be checked in. Please try again.');
  }
  return { ...booking, admittedCount: admitted, admittedNow: count };
}

async function resolve(
  db: Db,
  tickets: TicketCodes,
  input: CheckInOptions['input'],
): Promise<{ booking: AdmissionBooking | null; ticketVersion: number | null }> {
  if ('code' in input) {
    const code = tickets.read(input.code);
    if (!code) return { booking: null, ticketVersion: null };
    return {
      booking: await findAdmissionBooking(db, { id: code.bookingId }),
      ticketVersion: code.ticketVersion,
    };
  }
  // A reference stays the booking's through exchanges: it admits whatever the booking is now.
  const reference = normaliseReference(input.reference);
  return {
    booking: REFERENCE_PATTERN.test(reference) ? await findAdmissionBooking(db, { reference }) : null,
    ticketVersion: null,
  };
}

/**
 * Throws the door's refusal for this booking, or answers how many to admit now. A refusal of a
 * booking the door did find carries its show beside the message (which screen, which time), so
 * the door can tell the guest where to go.
 */
function refuseUnlessAdmissible(
  booking: AdmissionBooking,
  count: number | undefined,
  now: Date,
  timeZone: string,
): number {
  const { showDate, showTime } = showDateTime(booking.startsAt, timeZone);
  const show = { movie: booking.movieTitle, showDate, showTime, screen: booking.screenName };
  const refuse = (message: string) => new AppError('CONFLICT', message, { show });
  const problem = stateProblem(booking);
  if (problem) throw refuse(problem);
  const party = booking.seats.length;
  const waiting = party - booking.admittedCount;
  if (waiting <= 0) {
    const at = showDateTime(booking.checkedInAt ?? now, timeZone).showTime;
    throw refuse(`Already checked in at ${at}`);
  }
  if (booking.showStatus === 'cancelled') throw refuse('This show was cancelled');
  const opens = booking.startsAt.getTime() - DOORS_OPEN_MS;
  if (now.getTime() < opens && zonedDate(new Date(opens), timeZone) === zonedDate(now, timeZone)) {
    // Doors that open today (today's show, or a show after midnight), just too soon: when to come
    // back, not the date they already know.
    throw refuse(
      `Doors open at ${showDateTime(new Date(opens), timeZone).showTime} for the ${showTime} show`,
    );
  }
  if (now.getTime() < opens || now.getTime() > booking.endsAt.getTime()) {
    throw refuse(`This ticket is for the show on ${showDate} at ${showTime}`);
  }
  if (count !== undefined && count > waiting) {
    throw refuse(
      booking.admittedCount > 0
        ? `Only ${waiting} of ${party} still to come in on this ticket`
        : `This ticket is for ${party} ${party === 1 ? 'person' : 'people'}`,
    );
  }
  return count ?? waiting;
}
