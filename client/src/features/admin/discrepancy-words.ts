import { formatRupees, paiseToRupees, type Discrepancy } from '@marquee/shared';

const bookingWords = (reference: string | null) =>
  reference ? `Booking ${reference}` : 'A payment with no booking';

function seatsHeld(live: number, seats: number): string {
  if (seats === 1) return 'its seat is not held for it';
  return `${live === 0 ? 'none' : `only ${live}`} of its ${seats} seats are held for it`;
}

/**
 * A discrepancy in a person's words: what disagrees, and what staff can do about it.
 * `since` is already formatted for the cinema's clock.
 */
export function describeDiscrepancy(
  discrepancy: Discrepancy,
  formatSince: (iso: string) => string,
): { title: string; detail: string } {
  switch (discrepancy.kind) {
    case 'captured-unsettled':
      return {
        title: `${bookingWords(discrepancy.reference)}: ${formatRupees(paiseToRupees(discrepancy.amountPaise))} was taken, but the booking is ${discrepancy.bookingStatus} and no refund is owed.`,
        detail: `The buyer has paid for seats they do not have. Payment ${discrepancy.ref} (${discrepancy.gateway}) needs a refund or the booking restored.`,
      };
    case 'paid-without-seats':
      return discrepancy.showStatus !== 'active'
        ? {
            title: `${bookingWords(discrepancy.reference)} is paid, but its show is ${discrepancy.showStatus}.`,
            detail: 'The buyer has paid for a show that will not run and has not been refunded.',
          }
        : {
            title: `${bookingWords(discrepancy.reference)} is paid, but ${seatsHeld(discrepancy.liveSeats, discrepancy.seats)}.`,
            detail: 'Someone else may be sold the seats this buyer paid for.',
          };
    case 'refund-overdue': {
      const amount = formatRupees(paiseToRupees(discrepancy.amountPaise));
      const whose = discrepancy.reference ? `booking ${discrepancy.reference}` : 'a payment with no booking';
      return {
        title: `A refund of ${amount} for ${whose} has been ${discrepancy.status === 'failed' ? 'failing' : 'pending'} since ${formatSince(discrepancy.since)}.`,
        detail: discrepancy.lastError
          ? `The payment gateway said: ${discrepancy.lastError}`
          : 'The payment gateway has not confirmed it yet.',
      };
    }
  }
}
