import type { TimeslotResponse } from '@marquee/shared';
import { api } from '../../../lib/api.ts';

/** Whether the movie has no show at that start yet; asked before a time joins the draft. */
export async function checkTimeslot(movieId: string, date: string, time: string): Promise<boolean> {
  const query = new URLSearchParams({ movieId, date, time });
  const answer = await api<TimeslotResponse>(`/api/shows/check-timeslot?${query.toString()}`);
  return answer.available;
}
