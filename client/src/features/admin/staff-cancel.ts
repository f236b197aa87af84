/**
 * Staff cancelling a booking with an amount and a reason (CONTRACT §13): the dialog's text as
 * typed, checked before it is sent (the server checks again and names what it refuses).
 */
export interface StaffCancelValues {
  /** Rupees as typed; the policy's amount fills it in. */
  refundAmount: string;
  reason: string;
}

export type StaffCancelCheck =
  | { ok: true; body: { refundAmount: number; reason: string } }
  | { ok: false; field: 'refundAmount' | 'reason'; message: string };

export function checkStaffCancel(values: StaffCancelValues, paidAmount: number): StaffCancelCheck {
  const text = values.refundAmount.trim();
  const amount = Number(text);
  if (text === '' || !Number.isFinite(amount))
    return { ok: false, field: 'refundAmount', message: 'Please enter the amount to refund in rupees' };
  if (amount < 0 || amount > paidAmount)
    return { ok: false, field: 'refundAmount', message: `The refund must be from ₹0 to ₹${paidAmount}` };
  if (Math.abs(Math.round(amount * 100) - amount * 100) > 1e-6)
    return {
      ok: false,
      field: 'refundAmount',
      message: 'The refund is in whole paise (two decimals at most)',
    };
  const reason = values.reason.trim();
  if (!reason) return { ok: false, field: 'reason', message: 'Please give a reason' };
  if (reason.length > 200)
    return { ok: false, field: 'reason', message: 'The reason must be at most 200 characters' };
  return { ok: true, body: { refundAmount: amount, reason } };
}
