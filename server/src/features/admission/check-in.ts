import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, bookings } from '../../db/schema.ts';
import { badRequest, conflict } from '../../lib/app-error.ts';
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
  /** A scanned code, or a reference typed at the door. */
  input: { code: string } | { reference: string };
  staffId: string;
  now: Date;
  timeZone: string;
}

/**
 * Admits a paid booking once (CONTRACT §6). The rules are checked on what was read, then one
 * conditional UPDATE decides: only a paid booking not yet admitted matches it, so of two scans of
 * one ticket at once the second finds the row changed (on PostgreSQL it waits for the first to
 * commit, then re-checks) and is told when the first got in. The audit entry is written in the
 * same transaction as the admission.
 */
export async function checkIn({ db, tickets, input, staffId, now, timeZone }: CheckInOptions) {
  const { booking, ticketVersion } = await resolve(db, tickets, input);
  if (!booking) throw badRequest(INVALID_TICKET);
  refuseUnlessAdmissible(booking, now, timeZone);
  if (ticketVersion !== null && ticketVersion < booking.ticketVersion) throw conflict(EXCHANGED_TICKET);

  const admitted = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(bookings)
      .set({ checkedInAt: now, checkedInBy: staffId, updatedAt: now })
      .where(
        and(
          eq(bookings.id, booking.id),
          eq(bookings.status, 'paid'),
          isNull(bookings.checkedInAt),
          // An exchange committed since the code was read makes it an old one.
          ticketVersion === null ? undefined : eq(bookings.ticketVersion, ticketVersion),
          sql`not exists (select 1 from payments p join refunds r on r.payment_id = p.id
                          where p.booking_id = ${bookings.id})`,
        ),
      )
      .returning({ id: bookings.id });
    if (!row) return false;
    await tx.insert(auditLog).values({
      actorId: staffId,
      action: 'booking.check-in',
      entityType: 'booking',
      entityId: booking.id,
      details: {
        reference: booking.reference,
        seats: booking.seats,
        via: 'code' in input ? 'scan' : 'reference',
      },
    });
    return true;
  });
  if (!admitted) {
    // Someone else got there first (or the booking changed since it was read): say which.
    const now2 = await findAdmissionBooking(db, { id: booking.id });
    if (now2) refuseUnlessAdmissible(now2, now, timeZone);
    if (now2 && ticketVersion !== null && ticketVersion < now2.ticketVersion)
      throw conflict(EXCHANGED_TICKET);
    throw conflict('This ticket could not be checked in. Please try again.');
  }
  return booking;
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

function refuseUnlessAdmissible(booking: AdmissionBooking, now: Date, timeZone: string): void {
  const problem = stateProblem(booking);
  if (problem) throw conflict(problem);
  if (booking.checkedInAt) {
    throw conflict(`Already checked in at ${showDateTime(booking.checkedInAt, timeZone).showTime}`);
  }
  if (booking.showStatus === 'cancelled') throw conflict('This show was cancelled');
  const opens = booking.startsAt.getTime() - DOORS_OPEN_MS;
  if (now.getTime() < opens || now.getTime() > booking.endsAt.getTime()) {
    const { showDate, showTime } = showDateTime(booking.startsAt, timeZone);
    throw conflict(`This ticket is for the show on ${showDate} at ${showTime}`);
  }
}
