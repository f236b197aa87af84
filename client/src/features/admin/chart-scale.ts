/** Pure helpers of the dashboard's hand-drawn SVG charts (decision 0025). */

/** A round upper bound for an axis: 1, 2 or 5 × a power of ten, at least `max` (1 when empty). */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

/** The change from `before` to `now` as people say it: '+20%', '−5%', 'no change', 'new'. */
export function changeText(now: number, before: number): string {
  if (now === before) return 'no change';
  if (before === 0) return 'up from nothing';
  const percent = Math.round(((now - before) / before) * 100);
  if (percent === 0) return now > before ? 'up slightly' : 'down slightly';
  return percent > 0 ? `+${percent}%` : `−${Math.abs(percent)}%`;
}

/** A percent of seats sold, whole. */
export function occupancyPercent(sold: number, total: number): number {
  return total > 0 ? Math.round((sold / total) * 100) : 0;
}

export const channelLabels: Record<string, string> = {
  online: 'Online',
  counter: 'Counter',
  waitlist: 'Waiting list',
  comps: 'Comps',
};
