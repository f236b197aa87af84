import { formatDate } from './dates.ts';
import { formatTimeOfDay, parseTimeOfDay } from './time.ts';

/** A film with no readable runtime is taken to run this long (the door's window, the screen's time). */
const FALLBACK_RUNTIME_MINUTES = 180;

/** The longest runtime a film may have: a screen's day. */
export const MAX_RUNTIME_MINUTES = 24 * 60 - 1;

/** Minutes a runtime text reads as ('148 min', '2h 28m', '148'), or null when it names none. */
export function readRuntime(runtime: string): number | null {
  const hours = /(\d+)\s*h/i.exec(runtime);
  const minutes = /(\d+)\s*m(?!o)/i.exec(runtime);
  if (hours) return Number(hours[1]) * 60 + (minutes ? Number(minutes[1]) : 0);
  const bare = /(\d+)/.exec(runtime);
  return bare ? Number(bare[1]) : null;
}

/** Minutes in a runtime as the catalogue writes it; one unreadable or out of range counts as the fallback. */
export function runtimeMinutes(runtime: string): number {
  const value = readRuntime(runtime);
  return value !== null && value > 0 && value <= MAX_RUNTIME_MINUTES ? value : FALLBACK_RUNTIME_MINUTES;
}

/** One time of an Add Show request: its cinema-calendar date, its clock time and its instant. */
export interface ShowTimeSlot {
  date: string;
  time: string;
  startsAt: Date;
}

/**
 * The first pair of a request's own times that would share the screen (CONTRACT §7): a show
 * starting before the one before it has run its film and the cleaning. Null when none do. The
 * Add Show draft and POST /api/shows ask the same question, so they refuse the same requests.
 */
export function overlappingSlots<T extends ShowTimeSlot>(
  slots: readonly T[],
  runtime: string,
  cleaningMinutes: number,
): { earlier: T; later: T } | null {
  const busyMs = (runtimeMinutes(runtime) + cleaningMinutes) * 60_000;
  const sorted = [...slots].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  for (let i = 1; i < sorted.length; i++) {
    const earlier = sorted[i - 1]!;
    const later = sorted[i]!;
    if (later.startsAt.getTime() < earlier.startsAt.getTime() + busyMs) return { earlier, later };
  }
  return null;
}

const clock = (time: string) => formatTimeOfDay(parseTimeOfDay(time) ?? 0);

/** The refusal of a request whose own times overlap, naming both (the 409 and the draft say it alike). */
export function overlappingSlotsMessage(
  { earlier, later }: { earlier: ShowTimeSlot; later: ShowTimeSlot },
  cleaningMinutes: number,
): string {
  const earlierOn = earlier.date === later.date ? '' : ` on ${formatDate(earlier.date)}`;
  return (
    `The ${clock(later.time)} show on ${formatDate(later.date)} would start before the ` +
    `${clock(earlier.time)} show${earlierOn} has finished (the film's runtime plus ` +
    `${cleaningMinutes} minutes' cleaning)`
  );
}
