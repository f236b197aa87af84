import type { PaymentResponse, ShowBooking } from '@marquee/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const paymentQueryKey = (paymentId: string) => ['payments', paymentId] as const;

/** What the payment page shows: the amount, the booking and whether it can still be paid. */
export const paymentQueryOptions = (paymentId: string) =>
  queryOptions({
    queryKey: paymentQueryKey(paymentId),
    queryFn: ({ signal }) =>
      api<PaymentResponse>(`/api/payments/${encodeURIComponent(paymentId)}`, {
        signal,
        fallbackMessage: 'Failed to fetch booking',
        // A payment page is for an online booking, always for a show.
      }).then((answer) => answer as Omit<PaymentResponse, 'booking'> & { booking: ShowBooking }),
  });

export function usePayment(paymentId: string) {
  return useQuery(paymentQueryOptions(paymentId));
}
