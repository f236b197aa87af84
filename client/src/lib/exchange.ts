import {
  firstTierCutOff,
  formatPaise,
  isHoldLapsed,
  rupeesToPaise,
  type ShowBooking as Booking,
  type CancellationTier,
} from '@marquee/shared';

/**
 * The exchange as the buyer sees it (CONTRACT §13): when "Change seats or time" is offered, and
 * the price difference in words. The server decides every rule again; these only say it ahead.
 */

/** Until when the booking can be changed (the first tier's cut-off of its show), or null if never. */
export function changeableUntil(booking: Booking, tiers: readonly CancellationTier[]): Date | null {
  return firstTierCutOff(tiers, new Date(booking.show.startsAt));
}

/**
 * Whether a buyer may change this booking now: paid online (not at the box office), not admitted,
 * not refunded, no change already waiting for payment, and before the first tier's cut-off.
 */
export function canChangeBooking(
  booking: Booking,
  tiers: readonly CancellationTier[] | undefined,
  now: number,
): boolean {
  if (!tiers || booking.status !== 'paid' || booking.channel === 'counter') return false;
  if (booking.checkedInAt || booking.refund || booking.show.status === 'cancelled') return false;
  if (booking.exchange && !isHoldLapsed(Date.parse(booking.exchange.expiresAt), now)) return false;
  const until = changeableUntil(booking, tiers);
  return until !== null && now <= until.getTime();
}

/** What the booking's seats cost (paise): its amount less its food and drink, which stay with it. */
export function ticketsPaise(booking: Pick<Booking, 'amount' | 'items'>): number {
  const items = booking.items.reduce((sum, item) => sum + rupeesToPaise(item.price) * item.quantity, 0);
  return rupeesToPaise(booking.amount) - items;
}

/** The difference in words: "You get ₹150 back", "Pay ₹150 more" or "Same price". */
export function differenceText(differencePaise: number): string {
  if (differencePaise < 0) return `You get ${formatPaise(-differencePaise)} back`;
  if (differencePaise > 0) return `Pay ${formatPaise(differencePaise)} more`;
  return 'Same price';
}
