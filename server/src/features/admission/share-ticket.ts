import { and, eq, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { auditLog, bookings } from '../../db/schema.ts';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import { messages } from '@marquee/shared';
import { findAdmissionBooking, stateProblem, type AdmissionBooking } from './admission-booking.ts';
import type { TicketCodes } from './ticket-code.ts';

/** What any unusable share link shows: revoked, ended, altered or unknown are all one answer. */
export const SHARE_GONE = 'This ticket link no longer works. Ask the person who booked for a new one.';

/** The address a share token opens (the app's /share page). */
export const shareUrl = (publicUrl: string, token: string) => `${publicUrl}/share/${token}`;

/** The booking's current share link, for its buyer and for the ticket email. */
export function currentShareUrl(
  tickets: TicketCodes,
  publicUrl: string,
  booking: Pick<AdmissionBooking, 'id' | 'shareVersion'>,
): string {
  return shareUrl(publicUrl, tickets.shares.issue(booking.id, booking.shareVersion));
}

async function ownedShareable(db: Queryable, bookingId: string, userId: string, now: Date) {
  const booking = await findAdmissionBooking(db, { id: bookingId });
  if (!booking) throw notFound('Booking not found');
  if (booking.userId !== userId) throw new AppError('FORBIDDEN', messages.notAuthorized);
  const problem = stateProblem(booking);
  if (problem) throw conflict(problem);
  if (now.getTime() > booking.endsAt.getTime()) throw conflict('This show has ended');
  return booking;
}

/**
 * POST /api/bookings/{id}/share: the buyer's link to the ticket. Asking again gives the same link
 * (a friend who already has it keeps it) until the buyer revokes it.
 */
export async function shareTicket({
  db,
  tickets,
  publicUrl,
  bookingId,
  userId,
  now,
}: {
  db: Db;
  tickets: TicketCodes;
  publicUrl: string;
  bookingId: string;
  userId: string;
  now: Date;
}) {
  const booking = await ownedShareable(db, bookingId, userId, now);
  return { url: currentShareUrl(tickets, publicUrl, booking), expiresAt: booking.endsAt };
}

/**
 * DELETE /api/bookings/{id}/share: every link made so far stops working. The version moves on
 * in the database, where every process reads it, so the old link is dead everywhere at once.
 */
export async function revokeShare({
  db,
  bookingId,
  userId,
  now,
}: {
  db: Db;
  bookingId: string;
  userId: string;
  now: Date;
}) {
  const booking = await findAdmissionBooking(db, { id: bookingId });
  if (!booking) throw notFound('Booking not found');
  if (booking.userId !== userId) throw new AppError('FORBIDDEN', messages.notAuthorized);
  await db.transaction(async (tx) => {
    await tx
      .update(bookings)
      .set({ shareVersion: sql`${bookings.shareVersion} + 1`, updatedAt: now })
      .where(and(eq(bookings.id, bookingId), eq(bookings.userId, userId)));
    await tx.insert(auditLog).values({
      actorId: userId,
      action: 'booking.share-revoked',
      entityType: 'booking',
      entityId: bookingId,
      details: { reference: booking.reference },
    });
  });
}

/**
 * GET /api/share/{token}: the ticket a live share link opens, for anyone holding it. A token
 * altered, of a revoked version, or past the show's end opens nothing; a booking since cancelled
 * or refunded says so (the guest should not come).
 */
export async function readSharedTicket({
  db,
  tickets,
  token,
  now,
}: {
  db: Queryable;
  tickets: TicketCodes;
  token: string;
  now: Date;
}): Promise<AdmissionBooking> {
  const named = tickets.shares.verify(token);
  if (!named) throw notFound(SHARE_GONE);
  const booking = await findAdmissionBooking(db, { id: named.bookingId });
  if (!booking || booking.shareVersion !== named.version || now.getTime() > booking.endsAt.getTime())
    throw notFound(SHARE_GONE);
  const problem = stateProblem(booking);
  if (problem) throw conflict(problem);
  return booking;
}
