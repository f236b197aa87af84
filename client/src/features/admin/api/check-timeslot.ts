import type { TimeslotResponse } from '@marquee/shared';
import { api } from '../../../lib/api.ts';

/**
 * Whether the movie has no show at that start and the screen is free then (CONTRACT §7); asked
 * before a time joins the draft. When not, the server's message says which.
 */
export async function checkTimeslot(
  movieId: string,
  date: string,
  time: string,
  screen?: string,
): Promise<{ available: boolean; message: string }> {
  const query = new URLSearchParams({ movieId, date, time });
  if (screen) query.set('screen', screen);
  const answer = await api<TimeslotResponse>(`/api/shows/check-timeslot?${query.toString()}`);
  return { available: answer.available, message: answer.message };
}
