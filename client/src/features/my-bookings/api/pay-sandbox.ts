import type { SandboxPayResponse } from '@marquee/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { userBookingsQueryKey } from './get-user-bookings.ts';
import { paymentQueryKey } from './get-payment.ts';

/**
 * The sandbox gateway's Pay button. A payment too late to honour answers success false with
 * status 'refunded' and says so in its message: api() throws it as an ApiError with that message.
 */
export function paySandbox(paymentId: string): Promise<SandboxPayResponse> {
  return api<SandboxPayResponse>(`/api/payments/${encodeURIComponent(paymentId)}/sandbox-pay`, {
    method: 'POST',
    fallbackMessage: 'Payment failed. Please try again.',
  });
}

export function usePaySandbox(paymentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => paySandbox(paymentId),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentQueryKey(paymentId) }),
        queryClient.invalidateQueries({ queryKey: userBookingsQueryKey }),
      ]);
    },
  });
}
