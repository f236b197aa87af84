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
