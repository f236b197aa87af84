import { api } from '../../../lib/api.ts';

interface TimeslotAnswer {
  success: true;
  message: string;
  available: boolean;
}

/** Whether the movie has no show at that start yet; asked before a time joins the draft. */
export async function checkTimeslot(movieId: string, date: string, time: string): Promise<boolean> {
  const query = new URLSearchParams({ movieId, date, time });
  const answer = await api<TimeslotAnswer>(`/api/shows/check-timeslot?${query.toString()}`);
  return answer.available;
}
