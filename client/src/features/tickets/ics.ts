import { bookingCalendar, type Ticket } from '@marquee/shared';

/** A calendar file with the show as one event, for the buyer's calendar app. */
export function ticketCalendar(ticket: Ticket, ticketUrl: string, now = new Date()): string {
  return bookingCalendar(
    {
      bookingId: ticket.bookingId,
      reference: ticket.reference,
      movie: ticket.movie,
      cinema: ticket.cinema,
      screen: ticket.screen,
      address: ticket.venue.address,
      seats: ticket.seats,
      startsAt: new Date(ticket.startsAt),
      endsAt: new Date(ticket.endsAt),
      ticketUrl,
    },
    now,
  );
}
