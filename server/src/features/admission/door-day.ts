import { cinemaDay, zonedDate } from '@marquee/shared';
import { and, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import { shows } from '../../db/schema.ts';
import { DOORS_OPEN_MS } from './check-in.ts';

/** A show whose end is not recorded is taken to run this long (as the door's check-in window does). */
const UNKNOWN_END = sql`interval '180 minutes'`;

/**
 * The door's day: the shows of today's cinema calendar, a show that began before midnight while it
 * is still running (a 23:59 show is still being admitted and counted at 00:10), and a show after
 * midnight whose doors are already open (a 00:30 show is admitted from 22:30). Both the door's list
 * of shows and a show's bookings at the door answer for these shows only.
 */
export function doorDay(now: Date, timeZone: string): { date: string; shows: SQL } {
  const date = zonedDate(now, timeZone);
  const { start, end } = cinemaDay(date, timeZone);
  const until = new Date(Math.max(end.getTime(), now.getTime() + DOORS_OPEN_MS));
  const running = sql`coalesce(${shows.screenFreeAt}, ${shows.startsAt} + ${UNKNOWN_END}) > ${now}`;
  return { date, shows: and(lt(shows.startsAt, until), or(gte(shows.startsAt, start), running))! };
}
