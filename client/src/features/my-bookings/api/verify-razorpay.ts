import type { RazorpayVerifyRequest } from '@marquee/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { userBookingsQueryKey } from './get-user-bookings.ts';
import { paymentQueryKey } from './get-payment.ts';

/**
 * Razorpay Checkout's success answer, sent to the server to check and settle (CONTRACT §9). A
 * payment too late to honour is refused with the reason and that it is refunded.
 */
export function verifyRazorpay(answer: RazorpayVerifyRequest): Promise<{ message: string }> {
  return api<{ message: string }>('/api/payments/razorpay/verify', {
    method: 'POST',
    body: answer,
    fallbackMessage: 'Payment could not be verified',
  });
}

export function useVerifyRazorpay(paymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyRazorpay,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentQueryKey(paymentId) }),
        queryClient.invalidateQueries({ queryKey: userBookingsQueryKey }),
      ]);
    },
  });
}
