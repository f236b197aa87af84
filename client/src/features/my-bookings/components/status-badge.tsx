import { CircleCheck, CircleX, Clock, RotateCcw, TimerOff, type LucideIcon } from 'lucide-react';
import { badgeLabel, type BadgeKind } from '../booking-status.ts';

const look: Record<BadgeKind, { className: string; Icon: LucideIcon }> = {
  paid: {
    Icon: CircleCheck,
    className:
      'border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-200',
  },
  pending: {
    Icon: Clock,
    className:
      'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100',
  },
  expired: {
    Icon: TimerOff,
    className:
      'border-zinc-300 bg-zinc-100 text-zinc-800 dark:border-zinc-600 dark:bg-zinc-800 dark:text-zinc-200',
  },
  cancelled: {
    Icon: CircleX,
    className: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200',
  },
  refunded: {
    Icon: RotateCcw,
    className: 'border-sky-300 bg-sky-50 text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-200',
  },
};

/** A booking's state in words and an icon as well as colour, so it reads without colour too. */
export function StatusBadge({ kind, className = '' }: { kind: BadgeKind; className?: string }) {
  const { Icon, className: tone } = look[kind];
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${tone} ${className}`}
    >
      <Icon aria-hidden className="size-3.5" />
      {badgeLabel[kind]}
    </span>
  );
}
