import type { CreditNotesResponse, InvoiceResponse } from '@marquee/shared';
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

/** Its credit notes as documents, read once the invoice says there are some. */
export function useCreditNotes(bookingId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['invoice', bookingId, 'credit-notes'],
    queryFn: ({ signal }) =>
      api<CreditNotesResponse>(`/api/bookings/${encodeURIComponent(bookingId)}/credit-notes`, {
        signal,
        fallbackMessage: 'Could not load the credit notes',
      }),
    enabled,
  });
}
