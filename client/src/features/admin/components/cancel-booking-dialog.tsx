import { formatDateTime, formatRupees, type Booking } from '@marquee/shared';
import { useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { ApiError } from '../../../lib/api.ts';
import { useCinemaTimeZone } from '../../../lib/cinema-config.ts';
import { useCancellationQuote, useStaffCancelBooking } from '../api/cancel-booking.ts';
import { checkStaffCancel, type StaffCancelValues } from '../staff-cancel.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Field, FormMessage, inputClassName } from './field.tsx';

/**
 * Staff cancelling a booking at any time (CONTRACT §13): the refund amount starts at the policy's
 * figure (GET …/cancellation) and may be changed from ₹0 up to what was paid; a reason is asked
 * for, and both go into the audit log.
 */
export function CancelBookingDialog({ booking, onClose }: { booking: Booking; onClose: () => void }) {
  const quote = useCancellationQuote(booking._id);
  const cancel = useStaffCancelBooking();
  const timeZone = useCinemaTimeZone();
  const [values, setValues] = useState<StaffCancelValues | null>(null);
  const [problem, setProblem] = useState<{ field: string | null; message: string } | undefined>();

  const paid = quote.data?.paidAmount ?? 0;
  const form: StaffCancelValues = values ?? {
    refundAmount: quote.data ? String(quote.data.refundAmount) : '',
    reason: '',
  };

  async function confirm() {
    if (!quote.data) return;
    const checked = checkStaffCancel(form, paid);
    if (!checked.ok) {
      setProblem({ field: checked.field, message: checked.message });
      return;
    }
    setProblem(undefined);
    try {
      await cancel.mutateAsync({ bookingId: booking._id, ...checked.body });
      toast.success(`Booking ${booking.reference} cancelled`);
      onClose();
    } catch (error) {
      setProblem({
        field: null,
        message: error instanceof ApiError ? error.message : 'Failed to cancel booking',
      });
    }
  }

  return (
    <ConfirmDialog
      title={`Cancel booking ${booking.reference}?`}
      confirmLabel="Cancel booking"
      busyLabel="Cancelling..."
      cancelLabel="Keep booking"
      isBusy={cancel.isPending || !quote.data}
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      <p>
        {booking.user.name}’s {booking.bookedSeats.length} seat{booking.bookedSeats.length === 1 ? '' : 's'} (
        {booking.bookedSeats.join(', ')}) for {booking.show?.movie.title ?? 'no show'} are released at once.
      </p>
      {quote.isPending && <p role="status">Reading the cancellation policy…</p>}
      {quote.isError && <FormMessage message={quote.error.message} />}
      {quote.data && paid > 0 && (
        <>
          <p>
            Paid {formatRupees(paid)}. The policy gives back{' '}
            <strong>{formatRupees(quote.data.refundAmount)}</strong>
            {quote.data.allowed
              ? ` (${quote.data.refundPercent}%${quote.data.until ? ` until ${formatDateTime(quote.data.until, timeZone)}` : ''})`
              : quote.data.refundAmount > 0
                ? ' (past the last tier: the food and drink not yet handed over)'
                : ' (past the last tier)'}
            .
          </p>
          <Field
            label="Refund (₹)"
            hint={`From ₹0 to ${formatRupees(paid)}`}
            error={problem?.field === 'refundAmount' ? problem.message : undefined}
          >
            {(control) => (
              <input
                {...control}
                name="refundAmount"
                inputMode="decimal"
                className={inputClassName}
                value={form.refundAmount}
                onChange={(e) => setValues({ ...form, refundAmount: e.currentTarget.value })}
              />
            )}
          </Field>
        </>
      )}
      {quote.data && paid === 0 && <p>Nothing was paid, so nothing is refunded.</p>}
      <Field
        label="Reason"
        hint="Kept with the refund and in the audit log"
        error={problem?.field === 'reason' ? problem.message : undefined}
      >
        {(control) => (
          <input
            {...control}
            name="reason"
            maxLength={200}
            className={inputClassName}
            value={form.reason}
            onChange={(e) => setValues({ ...form, reason: e.currentTarget.value })}
          />
        )}
      </Field>
      <FormMessage message={problem && !problem.field ? problem.message : undefined} />
    </ConfirmDialog>
  );
}
