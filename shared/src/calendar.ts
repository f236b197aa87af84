/** 20261124T140000Z: an instant as iCalendar writes it in UTC. */
function icsInstant(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/**
 * Text escaped for an iCalendar property value (RFC 5545 §3.3.11): a line break of any kind
 * (CRLF, LF or a lone CR, which would end the content line early) is written `\n`, and the other
 * control characters, which a TEXT value may not hold, are left out.
 */
function icsText(text: string): string {
  return (
    text
      .replace(/[\\;,]/g, (ch) => `\\${ch}`)
      .replace(/\r\n|\r|\n/g, '\\n')
      // eslint-disable-next-line no-control-regex -- the control characters are what this removes
      .replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, '')
  );
}

/** Octets of a character in UTF-8 (shared code runs where TextEncoder may not be declared). */
function utf8Length(char: string): number {
  const code = char.codePointAt(0)!;
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
}

/** Lines longer than 75 octets folded with CRLF and a space (RFC 5545 §3.1). */
function fold(line: string): string {
  if ([...line].reduce((sum, char) => sum + utf8Length(char), 0) <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const length = utf8Length(char);
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

/** What a booking's calendar event says: the ticket page's download and the emails' attachment. */
export interface BookingEvent {
  bookingId: string;
  reference: string;
  movie: string;
  cinema: string;
  screen: string;
  address: string | null;
  seats: string[];
  startsAt: Date;
  endsAt: Date;
  ticketUrl: string;
  /**
   * Which version of the event this is. The UID is the booking's, so a calendar app updates the
   * event it already has; it takes a file as newer only when this number is higher (RFC 5545
   * §3.8.7.4), so a moved show's file must carry a larger one than the file before it.
   */
  sequence?: number;
  /** The show was cancelled: the calendar app marks the event so. */
  isCancelled?: boolean;
}

/** A calendar file with the show as one event, for the buyer's calendar app. */
export function bookingCalendar(event: BookingEvent, now = new Date()): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Marquee//Tickets//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.bookingId}@marquee`,
    `SEQUENCE:${event.sequence ?? 0}`,
    `DTSTAMP:${icsInstant(now)}`,
    `DTSTART:${icsInstant(event.startsAt)}`,
    `DTEND:${icsInstant(event.endsAt)}`,
    `SUMMARY:${icsText(event.movie)}`,
    `LOCATION:${icsText([event.cinema, event.screen, event.address].filter(Boolean).join(', '))}`,
    `DESCRIPTION:${icsText(`Booking ${event.reference}. Seats: ${event.seats.join(', ')}. Ticket: ${event.ticketUrl}`)}`,
    `URL:${event.ticketUrl}`,
    ...(event.isCancelled ? ['STATUS:CANCELLED'] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
