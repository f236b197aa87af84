/** The booking page's address parameters for the buyer's choice (seat-selection keeps them there). */
export const selectionParams = { date: 'date', show: 'show', seats: 'seats' } as const;

/**
 * The booking page of a movie with a date and show already chosen: where a buyer goes back to
 * from a booking they gave up, to choose seats for the same show again (issue 34).
 */
export function bookingPageAddress(movieId: string, show?: { showDate: string; _id: string }): string {
  const path = `/booking/${encodeURIComponent(movieId)}`;
  if (!show) return path;
  const params = new URLSearchParams({
    [selectionParams.date]: show.showDate,
    [selectionParams.show]: show._id,
  });
  return `${path}?${params.toString()}`;
}
