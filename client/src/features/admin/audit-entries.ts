import { formatPaise } from '@marquee/shared';
import { formatInstant, formatShowDate } from './format.ts';

/** The audit filter's choices: an action, or a prefix that covers a family of them. */
export const auditActionOptions = [
  { value: '', label: 'All actions' },
  { value: 'movie.create', label: 'Movie added' },
  { value: 'show.create', label: 'Shows added' },
  { value: 'show.update', label: 'Show edited' },
  { value: 'show.cancel', label: 'Show cancelled' },
  { value: 'show.delete', label: 'Show deleted' },
  { value: 'screen.create', label: 'Screen added' },
  { value: 'screen.update', label: 'Screen edited' },
  { value: 'booking.cancel', label: 'Booking cancelled' },
  { value: 'booking.exchange', label: 'Booking exchanged' },
  { value: 'booking.check-in', label: 'Checked in at the door' },
  { value: 'boxoffice.sale', label: 'Counter sale' },
  { value: 'boxoffice.refund', label: 'Counter refund' },
  { value: 'shift.open', label: 'Shift opened' },
  { value: 'shift.close', label: 'Shift closed' },
  { value: 'waitlist.', label: 'Waiting list' },
  { value: 'product.', label: 'Food & drinks' },
  { value: 'settings.update', label: 'Settings changed' },
  { value: 'user.set-role', label: 'Role changed' },
  { value: 'email.failed', label: 'Email failed' },
  { value: 'refund.retry', label: 'Refund retried' },
  { value: 'payment.', label: 'Payment events' },
] as const;

const actionLabels: Record<string, string> = {
  ...Object.fromEntries(
    auditActionOptions
      .filter((option) => option.value.includes('.') && !option.value.endsWith('.'))
      .map((option) => [option.value, option.label]),
  ),
  'booking.exchange-started': 'Exchange started',
  'booking.share-revoked': 'Ticket link revoked',
  'movie.delete': 'Movie deleted',
  'account.delete': 'Account closed',
  'waitlist.join': 'Joined the waiting list',
  'waitlist.leave': 'Left the waiting list',
  'waitlist.offer': 'Waiting-list offer made',
  'product.create': 'Menu item added',
  'product.update': 'Menu item edited',
  'product.reorder': 'Menu reordered',
  'product.picture': 'Menu picture added',
  'product.picture.delete': 'Menu picture removed',
};

/** A person's words for an action code; payment events and unknown codes keep a readable form. */
export function auditActionLabel(action: string): string {
  const known = actionLabels[action];
  if (known) return known;
  if (action.startsWith('payment.')) {
    // Gateway events are recorded as payment.<event type>, and their types often repeat the word.
    const event = action.slice('payment.'.length).replace(/^payment[._]/, '');
    return `Payment ${event.replace(/[._]/g, ' ')}`;
  }
  return action;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function words(key: string): string {
  const spaced = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

// An instant as the server records it ('2026-11-27T13:30:00.000Z'): read on the cinema's clock.
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** An amount recorded in paise (`amountPaise`) reads in rupees under its name without the unit. */
const PAISE_KEY = /^(.+)Paise$/;

/** A detail's label and value: 'Amount: ₹720' for `amountPaise: 72000`. */
function describeEntry(key: string, value: unknown, timeZone: string): string {
  const paise = PAISE_KEY.exec(key);
  if (paise && typeof value === 'number') return `${words(paise[1]!)}: ${formatPaise(value)}`;
  return `${words(key)}: ${describeValue(value, timeZone)}`;
}

function describeValue(value: unknown, timeZone: string): string {
  const describe = (inner: unknown) => describeValue(inner, timeZone);
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string' && INSTANT.test(value)) return formatInstant(value, timeZone);
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    // Shows added: their dates and times say more than a count.
    const shows = value.filter(isRecord).filter((item) => 'showDate' in item && 'showTime' in item);
    if (shows.length === value.length && shows.length > 0) {
      return shows
        .map((show) => `${formatShowDate(String(show.showDate))} ${String(show.showTime)}`)
        .join(', ');
    }
    return value.map(describe).join(', ');
  }
  if (isRecord(value)) {
    if ('from' in value && 'to' in value) return `${describe(value.from)} → ${describe(value.to)}`;
    // A thing recorded with its id and name (a screen) reads by its name.
    if (typeof value.name === 'string' && '_id' in value) return value.name;
    return Object.entries(value)
      .map(([key, inner]) => describeEntry(key, inner, timeZone))
      .join('; ');
  }
  return JSON.stringify(value);
}

/** An entry's details as short 'Label: value' lines, every instant on the cinema's clock. */
export function describeAuditDetails(details: Record<string, unknown>, timeZone: string): string[] {
  // A change of one thing (a role) reads as one line, old value first, whatever order was stored.
  const keys = Object.keys(details);
  if (keys.length === 2 && 'from' in details && 'to' in details) {
    return [`${describeValue(details.from, timeZone)} → ${describeValue(details.to, timeZone)}`];
  }
  return Object.entries(details).map(([key, value]) => describeEntry(key, value, timeZone));
}
