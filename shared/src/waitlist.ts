import { z } from 'zod';
import { instant, ok, uuid } from './api.ts';
import { movieSchema, showWith } from './catalogue.ts';
import { waitlistStatuses } from './statuses.ts';

/** An offer ends this long before the show starts at the latest (CONTRACT §13). */
export const OFFER_CUTOFF_MINUTES = 30;
/** An offer the show's cutoff would cut below this (or below the setting, if shorter) is not made. */
export const MIN_OFFER_MINUTES = 5;
const MINUTE = 60_000;

/**
 * When an offer made at `now` ends: `offerMinutes` later, cut to end OFFER_CUTOFF_MINUTES before
 * the start; null when the cut leaves less than MIN_OFFER_MINUTES, or than `offerMinutes` when the
 * setting itself is shorter (a 3-minute setting makes 3-minute offers), and no offer is made.
 */
export function offerExpiry(now: Date, startsAt: Date, offerMinutes: number): Date | null {
  const end = Math.min(
    now.getTime() + offerMinutes * MINUTE,
    startsAt.getTime() - OFFER_CUTOFF_MINUTES * MINUTE,
  );
  const shortest = Math.min(MIN_OFFER_MINUTES, offerMinutes) * MINUTE;
  return end - now.getTime() < shortest ? null : new Date(end);
}

/** From this moment no offer for the show can be made: its waiting list closes. */
export function offersEndAt(startsAt: Date): Date {
  return new Date(startsAt.getTime() - (OFFER_CUTOFF_MINUTES + MIN_OFFER_MINUTES) * MINUTE);
}

/** The largest party a waiting-list entry may be for (CONTRACT §13). */
export const MAX_WAITLIST_PARTY = 8;
const partyMessage = `Choose a party of 1 to ${MAX_WAITLIST_PARTY}`;

/** POST /api/shows/{id}/waitlist (CONTRACT §13). */
export const joinWaitlistRequest = z.object(
  {
    quantity: z
      .number({ message: partyMessage })
      .int(partyMessage)
      .min(1, partyMessage)
      .max(MAX_WAITLIST_PARTY, partyMessage)
      .meta({ description: 'How many seats together the party needs' }),
    class: z
      .string({ message: 'class must be the name of a seat class' })
      .trim()
      .min(1, 'class must be the name of a seat class')
      .max(40, 'class must be the name of a seat class')
      .optional()
      .meta({ description: 'Wait only for seats of this class (left out: any class)' }),
  },
  { message: 'Send the party size as quantity' },
);
export type JoinWaitlistRequest = z.infer<typeof joinWaitlistRequest>;

export const waitlistEntrySchema = z
  .object({
    _id: uuid,
    show: showWith(movieSchema).omit({ availableSeats: true }),
    quantity: z.number().int(),
    class: z.string().nullable(),
    position: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Place in the queue while waiting (1: next to be offered); null otherwise' }),
    status: z.enum(waitlistStatuses),
    offer: z
      .object({ bookingId: uuid, expiresAt: instant })
      .nullable()
      .meta({ description: 'The unpaid booking holding the offered seats, while offered' }),
    joinedAt: instant,
  })
  .meta({ id: 'WaitlistEntry' });
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

export const waitlistEntryResponse = ok({ entry: waitlistEntrySchema });
export type WaitlistEntryResponse = z.infer<typeof waitlistEntryResponse>;
export const waitlistEntriesResponse = ok({ entries: z.array(waitlistEntrySchema) });
export type WaitlistEntriesResponse = z.infer<typeof waitlistEntriesResponse>;

/** What an entry's state means for its buyer, in a sentence. */
export function entryStatusText(entry: Pick<WaitlistEntry, 'status' | 'position' | 'quantity'>): string {
  const party = `${entry.quantity} ${entry.quantity === 1 ? 'seat' : 'seats'}`;
  switch (entry.status) {
    case 'waiting':
      return entry.position === 1
        ? `You are next on the waiting list for ${party}.`
        : `You are number ${entry.position ?? '–'} on the waiting list for ${party}.`;
    case 'offered':
      return `Seats are held for you: pay before the offer ends to keep them.`;
    case 'booked':
      return 'Booked from the waiting list.';
    case 'left':
      return 'You left this waiting list.';
    case 'closed':
      return 'This waiting list has closed.';
  }
}
