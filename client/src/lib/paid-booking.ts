/** What the payment page hands the processing page once a payment is confirmed. */
export interface PaidBooking {
  reference: string | null;
  movieTitle: string;
  seats: string[];
}

/** The paid booking in a navigation's state, if that is what it holds. */
export function readPaidBooking(state: unknown): PaidBooking | null {
  const paid = (state as { paid?: Partial<PaidBooking> } | null)?.paid;
  if (!paid || typeof paid.movieTitle !== 'string' || !Array.isArray(paid.seats)) return null;
  return {
    reference: typeof paid.reference === 'string' ? paid.reference : null,
    movieTitle: paid.movieTitle,
    seats: paid.seats.filter((seat): seat is string => typeof seat === 'string'),
  };
}
