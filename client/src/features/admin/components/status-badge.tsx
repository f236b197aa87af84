import type { AdminRefund, BookingStatus, ShowStatus } from '@marquee/shared';

const tones = {
  green:
    'bg-green-100 text-green-800 ring-green-600/30 dark:bg-green-900/40 dark:text-green-300 dark:ring-green-400/30',
  red: 'bg-red-100 text-red-800 ring-red-600/30 dark:bg-red-900/40 dark:text-red-300 dark:ring-red-400/30',
  yellow:
    'bg-yellow-100 text-yellow-900 ring-yellow-600/30 dark:bg-yellow-900/40 dark:text-yellow-200 dark:ring-yellow-400/30',
  blue: 'bg-sky-100 text-sky-900 ring-sky-600/30 dark:bg-sky-900/40 dark:text-sky-200 dark:ring-sky-400/30',
  grey: 'bg-zinc-100 text-zinc-700 ring-zinc-500/30 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-400/30',
} as const;

function Badge({ tone, children }: { tone: keyof typeof tones; children: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${tones[tone]}`}
    >
      {children}
    </span>
  );
}

const showLabels: Record<ShowStatus, string> = {
  active: 'Active',
  'sold-out': 'Sold Out',
  cancelled: 'Cancelled',
};

/** Spec §2: cancelled red, active green, anything else yellow; a show that has started says so. */
export function ShowStatusBadge({ status, hasStarted }: { status: ShowStatus; hasStarted: boolean }) {
  if (status === 'cancelled') return <Badge tone="red">Cancelled</Badge>;
  if (hasStarted) return <Badge tone="yellow">Past</Badge>;
  return <Badge tone={status === 'active' ? 'green' : 'yellow'}>{showLabels[status]}</Badge>;
}

const bookingLabels: Record<BookingStatus, [string, keyof typeof tones]> = {
  paid: ['Paid', 'green'],
  pending: ['Pending Payment', 'yellow'],
  cancelled: ['Cancelled', 'red'],
  expired: ['Expired', 'grey'],
};

export function BookingStatusBadge({ status }: { status: BookingStatus }) {
  const [label, tone] = bookingLabels[status];
  return <Badge tone={tone}>{label}</Badge>;
}

const refundLabels: Record<AdminRefund['status'], [string, keyof typeof tones]> = {
  succeeded: ['Refunded', 'green'],
  pending: ['Pending', 'yellow'],
  failed: ['Failed', 'red'],
};

export function RefundStatusBadge({ status }: { status: AdminRefund['status'] }) {
  const [label, tone] = refundLabels[status];
  return <Badge tone={tone}>{label}</Badge>;
}

/** A film or a screen: in use, or retired (kept for what was sold, offered to nobody). */
export function MovieStateBadge({ active }: { active: boolean }) {
  return active ? <Badge tone="green">Showing</Badge> : <Badge tone="grey">Retired</Badge>;
}

export function ScreenStateBadge({ active }: { active: boolean }) {
  return active ? <Badge tone="green">In use</Badge> : <Badge tone="grey">Retired</Badge>;
}

/** A person's role in Users: plain words, never a button. */
export function RoleBadge({ role }: { role: 'user' | 'staff' | 'admin' }) {
  return (
    <Badge tone={role === 'user' ? 'grey' : 'blue'}>{role.charAt(0).toUpperCase() + role.slice(1)}</Badge>
  );
}
