import { describe, expect, it } from 'vitest';
import { latePaymentRefundedEmail, type BookingFacts } from './templates.ts';

const brand = {
  cinema: 'Marquee',
  publicUrl: 'https://marquee.example',
  venue: { name: 'Marquee', address: null, phone: null, hours: null, mapUrl: null },
};
const facts: BookingFacts = {
  bookingId: 'b1',
  reference: 'MQ-7KX2P9',
  name: 'Asha',
  email: 'asha@example.com',
  phone: null,
  movie: 'Rush',
  showDate: 'Fri, 12 Jun 2026',
  showTime: '7:30 PM',
  screen: 'Screen 1',
  seats: ['C3', 'C4'],
  amountPaise: 70_000,
  payBy: '',
  refundPaise: 70_000,
  ticketUrl: 'https://marquee.example/tickets/b1',
  ticketCode: null,
  startsAt: new Date('2026-06-12T14:00:00Z'),
  endsAt: new Date('2026-06-12T16:30:00Z'),
  calendarSequence: 1,
};

describe('the late-payment email (CONTRACT §4: refunded, and the buyer told why)', () => {
  it('gives the reason the refund was recorded with, not one reason for all', () => {
    const started = latePaymentRefundedEmail(brand, {
      ...facts,
      refundReason: 'The show had already started when the payment arrived',
    });
    expect(started.text).toContain(
      'Your payment could not be used for a booking: the show had already started when the payment arrived. ' +
        'There is no booking. A refund of ₹700 is on its way',
    );
    expect(started.text).not.toContain('seats had been taken');
    expect(started.html).toContain('the show had already started when the payment arrived');
    const taken = latePaymentRefundedEmail(brand, {
      ...facts,
      refundReason: 'Some of the seats were taken after the payment window closed',
    });
    expect(taken.text).toContain('some of the seats were taken after the payment window closed.');
    expect(latePaymentRefundedEmail(brand, facts).text).toContain(
      'Your payment could not be used for a booking.',
    );
  });
});
