import type { InvoiceResponse } from '@marquee/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** A paid booking's tax invoice (CONTRACT §10). */
export function useInvoice(bookingId: string) {
  return useQuery({
    queryKey: ['invoice', bookingId],
    queryFn: ({ signal }) =>
      api<InvoiceResponse>(`/api/bookings/${encodeURIComponent(bookingId)}/invoice`, {
        signal,
        fallbackMessage: 'Could not load the invoice',
      }),
    retry: (count, error) => count < 2 && !('status' in error && (error as { status: number }).status >= 400),
  });
}
