import type { Ticket } from '@marquee/shared';

/** 20261124T140000Z: an instant as iCalendar writes it in UTC. */
function icsInstant(iso: string): string {
  return new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** Text escaped for an iCalendar property value (RFC 5545 §3.3.11). */
function icsText(text: string): string {
  return text.replace(/[\\;,]/g, (ch) => `\\${ch}`).replace(/\r?\n/g, '\\n');
}

/** Lines longer than 75 octets folded with CRLF and a space (RFC 5545 §3.1). */
function fold(line: string): string {
  const bytes = new TextEncoder().encode(line);
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const length = new TextEncoder().encode(char).length;
    if (size + length > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += length;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** A calendar file with the show as one event, for the buyer's calendar app. */
export function ticketCalendar(ticket: Ticket, ticketUrl: string, now = new Date()): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Marquee//Tickets//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${ticket.bookingId}@marquee`,
    `DTSTAMP:${icsInstant(now.toISOString())}`,
    `DTSTART:${icsInstant(ticket.startsAt)}`,
    `DTEND:${icsInstant(ticket.endsAt)}`,
    `SUMMARY:${icsText(ticket.movie)}`,
    `LOCATION:${icsText([ticket.cinema, ticket.screen, ticket.venue.address].filter(Boolean).join(', '))}`,
    `DESCRIPTION:${icsText(`Booking ${ticket.reference}. Seats: ${ticket.seats.join(', ')}. Ticket: ${ticketUrl}`)}`,
    `URL:${ticketUrl}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
