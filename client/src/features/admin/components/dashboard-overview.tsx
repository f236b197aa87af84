import {
  Activity,
  CalendarClock,
  Equal,
  Film,
  IndianRupee,
  TicketCheck,
  TrendingDown,
  TrendingUp,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { ApiError } from '../../../lib/api.ts';
import { useDashboard } from '../api/get-dashboard.ts';
import { dashboardCards, recentActivity, type DashboardCard } from '../dashboard-figures.ts';
import { GstinMissingNote } from './gstin-note.tsx';
import { ErrorState, LoadingState } from './list-states.tsx';

const icons: Record<DashboardCard['key'], LucideIcon> = {
  activeShows: CalendarClock,
  totalBookings: TicketCheck,
  totalUser: Users,
  totalRevenue: IndianRupee,
};

const activityIcons: LucideIcon[] = [CalendarClock, Film, Activity];

const trendLooks: Record<DashboardCard['direction'], { Icon: LucideIcon; className: string }> = {
  up: { Icon: TrendingUp, className: 'text-green-700 dark:text-green-400' },
  down: { Icon: TrendingDown, className: 'text-red-700 dark:text-red-400' },
  same: { Icon: Equal, className: 'text-zinc-600 dark:text-zinc-400' },
};

const cardClassName =
  'rounded-xl border border-zinc-200 bg-white p-5 shadow-xs dark:border-zinc-800 dark:bg-zinc-900';

export function DashboardOverview() {
  const dashboard = useDashboard();

  if (dashboard.isPending) return <LoadingState label="Loading dashboard..." />;
  if (dashboard.isError) {
    const { error } = dashboard;
    return (
      <ErrorState
        message={`Error: ${error instanceof ApiError ? error.message : 'Failed to fetch dashboard data'}`}
      />
    );
  }
  const data = dashboard.data;

  return (
    <div className="space-y-8">
      <GstinMissingNote />
      <ul className="grid gap-4 sm:grid-cols-2 2xl:grid-cols-4">
        {dashboardCards(data).map((card) => {
          const Icon = icons[card.key];
          const trend = trendLooks[card.direction];
          return (
            <li key={card.key} className={cardClassName}>
              <div className="flex items-start justify-between gap-3">
                <h2 className="text-sm font-medium text-zinc-600 dark:text-zinc-400">{card.title}</h2>
                <span className="rounded-lg bg-brand-50 p-2 text-brand-700 dark:bg-brand-900/40 dark:text-brand-300">
                  <Icon aria-hidden className="size-5" />
                </span>
              </div>
              <p className="mt-2 text-3xl font-bold tracking-tight tabular-nums">{card.value}</p>
              <p className={`mt-1 flex items-start gap-1.5 text-sm font-medium ${trend.className}`}>
                <trend.Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
                <span>{card.trend}</span>
              </p>
              <p className="mt-3 border-t border-zinc-100 pt-3 text-xs text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
                {card.help}
              </p>
            </li>
          );
        })}
      </ul>

      <section aria-labelledby="recent-activity" className={cardClassName}>
        <h2 id="recent-activity" className="text-lg font-semibold">
          Recent Activity
        </h2>
        <ul className="mt-4 divide-y divide-zinc-100 dark:divide-zinc-800">
          {recentActivity(data).map((line, index) => {
            const Icon = activityIcons[index] ?? Activity;
            const isStatus = index === 2;
            return (
              <li key={line} className="flex items-center gap-3 py-3">
                <Icon
                  aria-hidden
                  className={`size-5 shrink-0 ${isStatus ? 'text-green-700 dark:text-green-400' : 'text-zinc-500 dark:text-zinc-400'}`}
                />
                <span>{line}</span>
                {isStatus && <span aria-hidden className="ml-auto size-2.5 rounded-full bg-green-600" />}
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
