import {
  isHoldLapsed,
  quoteCancellation,
  type ShowBooking as Booking,
  type CancellationTier,
} from '@marquee/shared';

export type BadgeKind = 'paid' | 'pending' | 'expired' | 'cancelled' | 'refunded';

export const badgeLabel: Record<BadgeKind, string> = {
  paid: 'Paid',
  pending: 'Pending Payment',
  expired: 'Expired',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

type BookingState = Pick<Booking, 'status' | 'expiresAt' | 'refund'>;

/**
 * The badge a booking wears. A pending booking whose window has passed is already Expired (the
 * server's sweep follows within seconds). A late payment that could not be honoured is Refunded;
 * a cancelled booking stays Cancelled whether or not money went back (the details say so).
 */
export function bookingBadge(booking: BookingState, now: number): BadgeKind {
  switch (booking.status) {
    case 'paid':
      return 'paid';
    case 'pending':
      return isHoldLapsed(Date.parse(booking.expiresAt), now) ? 'expired' : 'pending';
    case 'expired':
      return booking.refund ? 'refunded' : 'expired';
    case 'cancelled':
      return 'cancelled';
  }
}

/**
 * My Bookings' two lists, each newest first as given: live bookings (waiting for payment or paid)
 * and the past and cancelled ones (cancelled, expired, refunded).
 */
export function splitBookings<B extends BookingState>(bookings: readonly B[], now: number) {
  const live: B[] = [];
  const past: B[] = [];
  for (const booking of bookings) {
    const badge = bookingBadge(booking, now);
    (badge === 'pending' || badge === 'paid' ? live : past).push(booking);
  }
  return { live, past };
}

/**
 * Buyers may cancel a booking that is pending (always, while its hold lasts) or paid (until its
 * show starts and while a tier of the cancellation policy still holds), never once it has been
 * admitted at the door (the server agrees: bookings/cancel-booking.ts, CONTRACT §13).
 */
export function canCancelBooking(
  booking: BookingState & Pick<Booking, 'checkedInAt'> & { show: Pick<Booking['show'], 'startsAt'> },
  now: number,
  tiers?: readonly CancellationTier[],
): boolean {
  const badge = bookingBadge(booking, now);
  const startsAt = new Date(booking.show.startsAt);
  return (
    (badge === 'pending' || badge === 'paid') &&
    !booking.checkedInAt &&
    // An unpaid booking can always be cancelled (CONTRACT §13); a paid one until the start at most.
    (badge === 'pending' || startsAt.getTime() > now) &&
    (badge !== 'paid' ||
      !tiers ||
      quoteCancellation({ tiers, now: new Date(now), startsAt, paidPaise: 0 }).allowed)
  );
}

export type PaymentState = 'payable' | 'paid' | 'expired' | 'cancelled' | 'refunded';

/** What the payment page shows: the Pay button only while the payment can really be made. */
export function paymentState(
  payment: { isPayable: boolean; status: string },
  booking: BookingState,
  now: number,
): PaymentState {
  if (booking.status === 'paid') return 'paid';
  if (booking.status === 'cancelled') return 'cancelled';
  if (booking.refund || payment.status === 'refunded') return 'refunded';
  if (!payment.isPayable || bookingBadge(booking, now) !== 'pending') return 'expired';
  return 'payable';
}
