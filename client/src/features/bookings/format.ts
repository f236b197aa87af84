/** 'Wed, Nov 25, 2026' for a show date (YYYY-MM-DD, already in the cinema's calendar). */
export function showDateLabel(date: string): string {
  const instant = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(instant.getTime())) return date;
  return instant.toLocaleDateString('en-US', {
    timeZone: 'UTC',
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
}

/** 'Nov 24, 2026' for the day a booking was made, in the viewer's own calendar. */
export function bookedOnLabel(createdAt: string, timeZone?: string): string {
  const instant = new Date(createdAt);
  if (Number.isNaN(instant.getTime())) return createdAt;
  return instant.toLocaleDateString('en-US', { timeZone, month: 'short', day: 'numeric', year: 'numeric' });
}

/** '3 seats' / '1 seat'. */
export function seatCount(count: number): string {
  return `${count} ${count === 1 ? 'seat' : 'seats'}`;
}
