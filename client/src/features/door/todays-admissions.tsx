import { formatTimeAt } from '@marquee/shared';
import { useQuery } from '@tanstack/react-query';
import { ScanLine } from 'lucide-react';
import { Link } from 'react-router';
import { api } from '../../lib/api.ts';
import { useCinemaTimeZone } from '../../lib/cinema-config.ts';

interface AdmissionsResponse {
  success: true;
  date: string;
  admittedBookings: number;
  admittedSeats: number;
  lastCheckInAt: string | null;
}

/** The dashboard's line on today's door: people admitted so far, kept current. */
export function TodaysAdmissions() {
  const timeZone = useCinemaTimeZone();
  const admissions = useQuery({
    queryKey: ['admin', 'admissions'],
    queryFn: ({ signal }) =>
      api<AdmissionsResponse>('/api/admin/admissions', {
        signal,
        fallbackMessage: "Could not load today's admissions",
      }),
    refetchInterval: 15_000,
  });
  if (!admissions.data) return null;
  const { admittedSeats, admittedBookings, lastCheckInAt } = admissions.data;
  return (
    <section
      aria-labelledby="admissions-heading"
      className="mt-6 flex flex-wrap items-center justify-between gap-4 rounded-xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div>
        <h2 id="admissions-heading" className="text-sm font-medium text-zinc-600 dark:text-zinc-400">
          Admitted today
        </h2>
        <p className="mt-1 text-3xl font-bold tabular-nums" data-testid="admitted-today">
          {admittedSeats}
        </p>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {admittedSeats === 1 ? 'person' : 'people'} on {admittedBookings} booking
          {admittedBookings === 1 ? '' : 's'}
          {lastCheckInAt && ` · last at ${formatTimeAt(lastCheckInAt, timeZone)}`}
        </p>
      </div>
      <Link
        to="/door"
        className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
      >
        <ScanLine aria-hidden className="size-4" />
        Open the door screen
      </Link>
    </section>
  );
}
