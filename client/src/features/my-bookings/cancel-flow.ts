import {
  formatPaise,
  formatRupees,
  rupeesToPaise,
  type Booking,
  type CancellationQuoteResponse,
} from '@marquee/shared';
import { ApiError } from '../../lib/api.ts';

/** Spec §5 and §8: cancelling asks first and answers with browser dialogs, in these words. */
export const cancelConfirmText = 'Are you sure you want to cancel this booking?';
export const cancelSuccessText = 'Booking cancelled successfully!';

/** 'Failed to cancel booking' when the server said no; 'Error cancelling booking' when the call failed. */
export function cancelFailureText(error: unknown): string {
  return error instanceof ApiError && error.status > 0
    ? 'Failed to cancel booking'
    : 'Error cancelling booking';
}

/**
 * The confirm dialog's words with what comes back (CONTRACT §13), from GET …/cancellation:
 * the spec's question, then the amount — "You will get back ₹166.66 (50% of ₹333.33)." Food and
 * drink not yet collected comes back in full and the percent applies to the rest, so with such
 * items (`booking`'s) the words say both parts: "You will get back ₹399: 50% of the ₹300 for the
 * seats, and the ₹249 of food and drink in full." Null when the policy no longer allows
 * cancelling (the caller says so instead of asking).
 */
export function cancelConfirmMessage(
  quote: Pick<CancellationQuoteResponse, 'allowed' | 'refundAmount' | 'refundPercent' | 'paidAmount'>,
  booking?: Pick<Booking, 'items' | 'itemsCollectedAt'>,
): string | null {
  if (!quote.allowed) return null;
  if (quote.paidAmount <= 0) return cancelConfirmText;
  const paidPaise = rupeesToPaise(quote.paidAmount);
  const itemsPaise =
    booking && !booking.itemsCollectedAt
      ? Math.min(
          booking.items.reduce((sum, item) => sum + rupeesToPaise(item.price) * item.quantity, 0),
          paidPaise,
        )
      : 0;
  const back =
    quote.refundAmount === 0
      ? 'Nothing will be refunded.'
      : quote.refundAmount >= quote.paidAmount
        ? `You will get back ${formatRupees(quote.refundAmount)} in full.`
        : itemsPaise > 0
          ? `You will get back ${formatRupees(quote.refundAmount)}: ${quote.refundPercent}% of the ` +
            `${formatPaise(paidPaise - itemsPaise)} for the seats, and the ${formatPaise(itemsPaise)} ` +
            'of food and drink in full.'
          : `You will get back ${formatRupees(quote.refundAmount)} (${quote.refundPercent}% of ${formatRupees(quote.paidAmount)}).`;
  return `${cancelConfirmText}\n\n${back}`;
}

export const cancelTooLateText = 'This booking can no longer be cancelled';
