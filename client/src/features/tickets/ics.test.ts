import type { Ticket } from '@marquee/shared';
import { describe, expect, it } from 'vitest';
import { ticketCalendar } from './ics.ts';

const ticket: Ticket = {
  reference: 'ABCD2345',
  code: 'M1.x.y.z',
  movie: 'Dune; Part Two, the long one',
  showDate: '2026-11-24',
  showTime: '7:30 PM',
  screen: 'Screen 1',
  seats: ['A1', 'A2'],
  bookingId: '0b6c3f33-3a57-4c4e-9d7e-1f2a3b4c5d6e',
  name: 'Asha',
  cinema: 'Marquee Cinema',
  venue: {
    name: 'Marquee Cinema',
    address: '12 Residency Road, Bengaluru',
    phone: null,
    hours: null,
    mapUrl: null,
  },
  startsAt: '2026-11-24T14:00:00.000Z',
  endsAt: '2026-11-24T16:46:00.000Z',
  checkedInAt: null,
};

describe('ticketCalendar', () => {
  const text = ticketCalendar(ticket, 'https://cinema.example/tickets/x', new Date('2026-11-23T00:00:00Z'));
  const unfolded = text.replace(/\r\n /g, '');

  it('is one event at the show times, in UTC, with CRLF lines', () => {
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(unfolded).toContain('DTSTART:20261124T140000Z\r\n');
    expect(unfolded).toContain('DTEND:20261124T164600Z\r\n');
    expect(unfolded).toContain(`UID:${ticket.bookingId}@marquee\r\n`);
  });

  it('escapes text and folds long lines', () => {
    expect(unfolded).toContain('SUMMARY:Dune\\; Part Two\\, the long one\r\n');
    expect(unfolded).toContain('Booking ABCD2345. Seats: A1\\, A2.');
    // The address, so the calendar app can give directions.
    expect(unfolded).toContain('LOCATION:Marquee Cinema\\, Screen 1\\, 12 Residency Road\\, Bengaluru\r\n');
    for (const line of text.split('\r\n'))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });
});
