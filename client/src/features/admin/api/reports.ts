import type {
  DailyReportResponse,
  DashboardChartsResponse,
  FilmsReportResponse,
  GstReportResponse,
} from '@marquee/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { adminQueryKey } from './get-dashboard.ts';

/** GET /api/admin/reports/daily (CONTRACT §14). */
export function useDailyReport(date: string) {
  return useQuery({
    queryKey: [...adminQueryKey, 'reports', 'daily', date],
    queryFn: ({ signal }) =>
      api<DailyReportResponse>(`/api/admin/reports/daily?date=${encodeURIComponent(date)}`, {
        signal,
        fallbackMessage: 'Failed to fetch the daily report',
      }),
    enabled: date !== '',
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/reports/films (CONTRACT §14). */
export function useFilmsReport(from: string, to: string) {
  return useQuery({
    queryKey: [...adminQueryKey, 'reports', 'films', from, to],
    queryFn: ({ signal }) =>
      api<FilmsReportResponse>(
        `/api/admin/reports/films?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
        { signal, fallbackMessage: 'Failed to fetch the films report' },
      ),
    enabled: from !== '' && to !== '',
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/reports/gst (CONTRACT §10): invoice lines less credit-note lines, per rate. */
export function useGstReport(from: string, to: string) {
  return useQuery({
    queryKey: [...adminQueryKey, 'reports', 'gst', from, to],
    queryFn: ({ signal }) =>
      api<GstReportResponse>(
        `/api/admin/reports/gst?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
        { signal, fallbackMessage: 'Failed to fetch the GST report' },
      ),
    enabled: from !== '' && to !== '',
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/reports/charts: the dashboard's charts. */
export function useDashboardCharts() {
  return useQuery({
    queryKey: [...adminQueryKey, 'reports', 'charts'],
    queryFn: ({ signal }) =>
      api<DashboardChartsResponse>('/api/admin/reports/charts', {
        signal,
        fallbackMessage: 'Failed to fetch the charts',
      }),
    staleTime: 0,
  });
}

/** Where the CSV of a report downloads from (same origin, the session cookie goes along). */
export const dailyReportCsvUrl = (date: string) =>
  `/api/admin/reports/daily?date=${encodeURIComponent(date)}&format=csv`;
export const filmsReportCsvUrl = (from: string, to: string) =>
  `/api/admin/reports/films?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&format=csv`;
export const gstReportCsvUrl = (from: string, to: string) =>
  `/api/admin/reports/gst?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&format=csv`;
/** Every invoice and credit note of the period, a line per SAC × rate (the accountant's GSTR-1). */
export const gstRegisterCsvUrl = (from: string, to: string) =>
  `/api/admin/reports/gst/register?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
