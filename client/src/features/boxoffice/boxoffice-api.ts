import type {
  CancellationQuoteResponse,
  CounterBookingResponse,
  CounterBookingsResponse,
  CounterRefundRequest,
  CounterRefundResponse,
  CounterSaleRequest,
  CounterSaleResponse,
  CurrentShiftResponse,
  ShiftResponse,
  ShowsResponse,
} from '@marquee/shared';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, ApiError } from '../../lib/api.ts';

/** How often the counter asks after its shift: also how it learns the server is still there. */
export const HEARTBEAT_MS = 5_000;

const currentShiftKey = ['boxoffice', 'shift'] as const;
const counterShowsKey = ['boxoffice', 'shows'] as const;

/** The cashier's open shift (null when none), asked again every few seconds. */
export function useCurrentShift() {
  return useQuery({
    queryKey: currentShiftKey,
    queryFn: ({ signal }) =>
      api<CurrentShiftResponse>('/api/boxoffice/shifts/current', {
        signal,
        fallbackMessage: 'Could not load your shift',
      }),
    refetchInterval: HEARTBEAT_MS,
    retry: false,
  });
}

/**
 * Whether the counter can reach the server: the browser is online and the last heartbeat was
 * answered. A sale is never offered without it (CONTRACT §11).
 */
export function useServerReachable(): boolean {
  const shift = useCurrentShift();
  const [isOnline, setIsOnline] = useState(() =>
    typeof navigator === 'undefined' ? true : navigator.onLine,
  );
  useEffect(() => {
    const up = () => setIsOnline(true);
    const down = () => setIsOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, []);
  const unreachable = shift.isError && !(shift.error instanceof ApiError && shift.error.status > 0);
  return isOnline && !unreachable;
}

export function useOpenShift() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (openingFloat: number) =>
      api<ShiftResponse>('/api/boxoffice/shifts', { method: 'POST', body: { openingFloat } }),
    onSuccess: (answer) => client.setQueryData(currentShiftKey, { ...answer, shift: answer.shift }),
  });
}

export function useCloseShift() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ shiftId, countedCash }: { shiftId: string; countedCash: number }) =>
      api<ShiftResponse>(`/api/boxoffice/shifts/${encodeURIComponent(shiftId)}/close`, {
        method: 'POST',
        body: { countedCash },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: currentShiftKey }),
  });
}

export function useShift(shiftId: string) {
  return useQuery({
    queryKey: ['boxoffice', 'shifts', shiftId],
    queryFn: ({ signal }) =>
      api<ShiftResponse>(`/api/boxoffice/shifts/${encodeURIComponent(shiftId)}`, {
        signal,
        fallbackMessage: 'Could not load the shift',
      }),
  });
}

/** A sale or a refund moved the shift's figures and the seats left that the show list gives. */
function afterCounterChange(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: currentShiftKey }),
    client.invalidateQueries({ queryKey: counterShowsKey }),
  ]);
}

export function useSell() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sale: CounterSaleRequest) =>
      api<CounterSaleResponse>('/api/boxoffice/sales', { method: 'POST', body: sale }),
    onSettled: () => afterCounterChange(client),
  });
}

export function useRefund() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (refund: CounterRefundRequest) =>
      api<CounterRefundResponse>('/api/boxoffice/refunds', { method: 'POST', body: refund }),
    onSettled: () => afterCounterChange(client),
  });
}

/** Any booking by its reference (staff): to show, reprint or refund. */
export function findByReference(reference: string) {
  return api<CounterBookingResponse>(`/api/boxoffice/bookings/${encodeURIComponent(reference.trim())}`, {
    fallbackMessage: 'Could not find that booking',
  });
}

/** The bookings a mobile number finds (staff): the account's that carries it, and counter sales to it. */
export function findByPhone(phone: string) {
  return api<CounterBookingsResponse>(
    `/api/boxoffice/bookings?${new URLSearchParams({ phone: phone.trim() })}`,
    {
      fallbackMessage: 'Could not look up that number',
    },
  );
}

/** The shows the counter sells: every active show, the page keeps today's and tomorrow's. */
export function useCounterShows() {
  return useQuery({
    queryKey: counterShowsKey,
    queryFn: ({ signal }) =>
      api<ShowsResponse>('/api/shows', { signal, fallbackMessage: 'Could not load the shows' }),
    refetchInterval: 30_000,
  });
}

/** GET /api/bookings/{id}/cancellation: what the policy gives back now, for an online booking refunded here. */
export function useCancellationQuote(bookingId: string) {
  return useQuery({
    queryKey: ['boxoffice', 'cancellation', bookingId],
    queryFn: ({ signal }) =>
      api<CancellationQuoteResponse>(`/api/bookings/${encodeURIComponent(bookingId)}/cancellation`, {
        signal,
        fallbackMessage: 'Could not read the cancellation policy',
      }),
    staleTime: 0,
  });
}
