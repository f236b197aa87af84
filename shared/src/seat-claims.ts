import type { BookingStatus } from './statuses.ts';

/**
 * "Has this hold lapsed?" and "does this seat claim block a buyer?", for code that decides in
 * memory (the seat-map cache, a booking's payment link, My Bookings' badge). Queries ask the
 * database's marquee_blocks_seat instead; this is its TypeScript mirror, and
 * server/src/features/seats/seat-claims.property.test.ts runs both on generated inputs and
 * demands the same answer. Instants are milliseconds since the epoch.
 */

/** A pending booking's hold has lapsed once its payment window's end is reached: at `expiresAt` itself. */
export function isHoldLapsed(expiresAt: number, now: number): boolean {
  return expiresAt <= now;
}

export interface SeatClaim {
  /** False once the claim was released (a cancel, an expiry, a move). */
  isLive: boolean;
  status: BookingStatus;
  /** End of the booking's payment window. */
  expiresAt: number;
}

/** A claim blocks other buyers while live and either paid, or pending with its hold not lapsed. */
export function claimBlocksSeat(claim: SeatClaim, now: number): boolean {
  return (
    claim.isLive &&
    (claim.status === 'paid' || (claim.status === 'pending' && !isHoldLapsed(claim.expiresAt, now)))
  );
}
