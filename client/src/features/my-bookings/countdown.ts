/** Milliseconds from `now` until `expiresAt` (an ISO instant), never below zero. */
export function timeLeftMs(expiresAt: string, now: number): number {
  const end = Date.parse(expiresAt);
  return Number.isNaN(end) ? 0 : Math.max(0, end - now);
}

/** '9:05' or '1:02:03' — whole seconds left, rounded up so '0:00' only shows once time is up. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * The time left in words for screen readers, to the minute ('9 minutes'), or to the second in
 * the last minute ('45 seconds'), so a polite live region speaks only a few times.
 */
export function describeCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  if (total === 0) return 'Time is up';
  if (total < 60) return plural(total, 'second');
  const minutes = Math.ceil(total / 60);
  return plural(minutes, 'minute');
}
