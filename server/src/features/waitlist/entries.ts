import { randomUUID } from 'node:crypto';
import {
  bestAvailable,
  couldSeatTogether,
  layoutClasses,
  offersEndAt,
  type WaitlistEntry,
  type WaitlistStatus,
} from '@marquee/shared';
import { and, asc, count, desc, eq, inArray, lte } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { bookings, movies, shows, waitlistDue, waitlistEntries } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { recordAudit } from '../audit/index.ts';
import { readShowSeats } from '../bookings/index.ts';
import { toMovie, toShow } from '../catalogue/index.ts';

export const waitlistMessages = {
  seatsAvailable: 'Seats are available — book them directly',
  alreadyJoined: 'You are already on the waiting list for this show',
  closed: 'The waiting list for this show has closed',
  booked: 'This waiting-list entry has already been booked',
  neverFits: (quantity: number, cls: string | undefined) =>
    `This show cannot seat a party of ${quantity} together${cls === undefined ? '' : ` in ${cls}`}`,
} as const;

/**
 * Joins a show's waiting list (CONTRACT §13): refused while the party can be seated together now
 * (best available, CONTRACT §7, would find them seats), and once offers can no longer be made.
 * The live-entry unique index refuses a second entry of one buyer, whatever the race. The show is
 * marked due as well, so seats freed between the look and the insert are offered all the same.
 */
export async function joinWaitlist({
  db,
  showId,
  userId,
  quantity,
  cls,
  now,
}: {
  db: Db;
  showId: string;
  userId: string;
  quantity: number;
  cls: string | undefined;
  now: Date;
}): Promise<string> {
  if (!isUuid(showId)) throw notFound('Show not found');
  const show = await readShowSeats(db, showId, now);
  if (!show) throw notFound('Show not found');
  const [row] = await db.select({ status: shows.status }).from(shows).where(eq(shows.id, showId));
  if (row?.status !== 'active') throw badRequest('This show has been cancelled');
  if (show.startsAt <= now) throw badRequest('This show has already started');
  if (offersEndAt(show.startsAt) < now) throw conflict(waitlistMessages.closed);
  if (cls !== undefined && !layoutClasses(show.layout).includes(cls)) {
    throw badRequest(`This show has no class ${cls}`);
  }
  // A party no row could ever seat together would wait for an offer that never comes.
  if (!couldSeatTogether(show.layout, quantity, cls))
    throw badRequest(waitlistMessages.neverFits(quantity, cls));
  if (bestAvailable(show.layout, show.taken, quantity, cls)) throw conflict(waitlistMessages.seatsAvailable);
  const id = randomUUID();
  try {
    await db.transaction(async (tx) => {
      await tx
        .insert(waitlistEntries)
        .values({ id, showId, userId, quantity, class: cls ?? null, joinedAt: now });
      await tx.insert(waitlistDue).values({ showId }).onConflictDoNothing();
      await recordAudit(tx, {
        actorId: userId,
        action: 'waitlist.join',
        entityType: 'show',
        entityId: showId,
        details: { entryId: id, quantity, class: cls ?? null },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(waitlistMessages.alreadyJoined);
    throw error;
  }
  return id;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

/**
 * Leaves a waiting list (the entry's own buyer): a waiting entry is left; an offered one gives its
 * held seats back (its unpaid booking is cancelled, in the same transaction) and is left. An offer
 * already paid is a booking like any other: leaving it is refused, it is cancelled as a booking.
 */
export async function leaveWaitlist({
  db,
  entryId,
  userId,
  now,
  cancelOffer,
}: {
  db: Db;
  entryId: string;
  userId: string;
  now: Date;
  /** Cancels the offer's unpaid booking (bookings' own cancel), after the entry is left. */
  cancelOffer: (bookingId: string) => Promise<void>;
}): Promise<void> {
  if (!isUuid(entryId)) throw notFound('Waiting-list entry not found');
  const offerBookingId = await db.transaction(async (tx) => {
    const [entry] = await tx
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.id, entryId))
      .for('update');
    if (!entry || entry.userId !== userId) throw notFound('Waiting-list entry not found');
    if (entry.status === 'left' || entry.status === 'closed') return null;
    let offer: string | null = null;
    if (entry.status === 'offered' && entry.offerBookingId) {
      const [booking] = await tx
        .select({ status: bookings.status })
        .from(bookings)
        .where(eq(bookings.id, entry.offerBookingId));
      if (booking?.status === 'paid') throw conflict(waitlistMessages.booked);
      if (booking?.status === 'pending') offer = entry.offerBookingId;
    }
    await tx
      .update(waitlistEntries)
      .set({ status: 'left', endedAt: now })
      .where(eq(waitlistEntries.id, entryId));
    await recordAudit(tx, {
      actorId: userId,
      action: 'waitlist.leave',
      entityType: 'show',
      entityId: entry.showId,
      details: { entryId },
    });
    return offer;
  });
  if (offerBookingId) await cancelOffer(offerBookingId);
}

type EntryRow = typeof waitlistEntries.$inferSelect;
type BookingState = Pick<typeof bookings.$inferSelect, 'status' | 'expiresAt'>;

/**
 * An entry's state as the buyer sees it: stored, or read from its offer's booking — paid is
 * `booked`; an offer that lapsed or was cancelled is over (`closed`).
 */
export function entryStatus(
  entry: Pick<EntryRow, 'status'>,
  offer: BookingState | null,
  now: Date,
): WaitlistStatus {
  if (entry.status !== 'offered') return entry.status;
  if (offer?.status === 'paid') return 'booked';
  if (offer?.status === 'pending' && offer.expiresAt > now) return 'offered';
  return 'closed';
}

/** The entries of a buyer (or the ones named), newest first, as the API answers them. */
export async function listEntries({
  db,
  userId,
  ids,
  now,
  timeZone,
}: {
  db: Queryable;
  userId: string;
  ids?: string[];
  now: Date;
  timeZone: string;
}): Promise<WaitlistEntry[]> {
  const rows = await db
    .select({ entry: waitlistEntries, show: shows, movie: movies, offer: bookings })
    .from(waitlistEntries)
    .innerJoin(shows, eq(shows.id, waitlistEntries.showId))
    .innerJoin(movies, eq(movies.id, shows.movieId))
    .leftJoin(bookings, eq(bookings.id, waitlistEntries.offerBookingId))
    .where(and(eq(waitlistEntries.userId, userId), ids ? inArray(waitlistEntries.id, ids) : undefined))
    .orderBy(desc(waitlistEntries.joinedAt), desc(waitlistEntries.seq));
  return Promise.all(
    rows.map(async ({ entry, show, movie, offer }) => {
      const status = entryStatus(entry, offer, now);
      const { availableSeats: _unused, ...shown } = toShow(show, 0, toMovie(movie), timeZone);
      return {
        _id: entry.id,
        show: shown,
        quantity: entry.quantity,
        class: entry.class,
        position: status === 'waiting' ? await positionOf(db, entry) : null,
        status,
        offer:
          status === 'offered' && offer
            ? { bookingId: entry.offerBookingId!, expiresAt: offer.expiresAt.toISOString() }
            : null,
        joinedAt: entry.joinedAt.toISOString(),
      };
    }),
  );
}

/** 1 for the next entry to be offered: waiting entries of the show that joined no later. */
async function positionOf(db: Queryable, entry: EntryRow): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.showId, entry.showId),
        eq(waitlistEntries.status, 'waiting'),
        lte(waitlistEntries.seq, entry.seq),
      ),
    );
  return Number(row?.n ?? 1);
}

/** The waiting entries of a show in the order they joined. */
export function waitingEntries(db: Queryable, showId: string) {
  return db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.showId, showId), eq(waitlistEntries.status, 'waiting')))
    .orderBy(asc(waitlistEntries.seq));
}
