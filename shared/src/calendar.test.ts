import { describe, expect, it } from 'vitest';
import { bookingCalendar, type BookingEvent } from './calendar.ts';

const event: BookingEvent = {
  bookingId: 'b1',
  reference: 'TK2ZE4YE',
  movie: 'Film',
  cinema: 'Marquee',
  screen: 'Screen 1',
  address: null,
  seats: ['A1'],
  startsAt: new Date('2026-11-26T10:00:00Z'),
  endsAt: new Date('2026-11-26T12:00:00Z'),
  ticketUrl: 'https://example.com/t/b1',
};

/** The content lines, unfolded (RFC 5545 §3.1). */
const contentLines = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n').slice(0, -1);

describe('bookingCalendar', () => {
  it('writes every line break in a text as \\n, a lone CR too, so no value ends its line early', () => {
    const ics = bookingCalendar({ ...event, movie: 'One\rTwo\nThree\r\nFour' });
    expect(contentLines(ics)).toContain('SUMMARY:One\\nTwo\\nThree\\nFour');
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('leaves out control characters a text may not hold, and escapes ; , and \\', () => {
    const ics = bookingCalendar({ ...event, movie: 'A\u0000B\u0007C\u001bD\u007f;E,F\\G\tH' });
    expect(contentLines(ics)).toContain('SUMMARY:ABCD\\;E\\,F\\\\G\tH');
  });
});
