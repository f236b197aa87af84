import { describe, expect, it } from 'vitest';
import { bookingExchangedEmail, latePaymentRefundedEmail, type BookingFacts } from './templates.ts';

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
  refundPaise: null,
  ticketUrl: 'https://marquee.example/tickets/b1',
  ticketCode: null,
  startsAt: new Date('2026-06-12T14:00:00Z'),
  endsAt: new Date('2026-06-12T16:30:00Z'),
  calendarSequence: 1,
};

describe('the booking-exchanged email (CONTRACT §13)', () => {
  it('states the difference refunded, paid, or that there was none', async () => {
    const refunded = await bookingExchangedEmail(brand, facts, -30_000);
    expect(refunded.text).toContain('Your new seats cost ₹300 less: ₹300 is on its way back');
    expect(refunded.html).toContain('₹300 is on its way back');
    const paid = await bookingExchangedEmail(brand, facts, 15_050);
    expect(paid.text).toContain('Your new seats cost ₹150.50 more, which you have paid.');
    const same = await bookingExchangedEmail(brand, facts, 0);
    expect(same.text).toContain('cost the same, so nothing was paid or refunded');
    // An email queued before the difference was recorded says nothing about money.
    const older = await bookingExchangedEmail(brand, facts);
    expect(older.text).not.toMatch(/refunded|paid/);
  });
});

const refunded: BookingFacts = { ...facts, refundPaise: 70_000 };

describe('the late-payment email (CONTRACT §4: refunded, and the buyer told why)', () => {
  it('gives the reason the refund was recorded with, not one reason for all', () => {
    const started = latePaymentRefundedEmail(brand, {
      ...refunded,
      refundReason: 'The show had already started when the payment arrived',
    });
    expect(started.text).toContain(
      'Your payment could not be used for a booking: the show had already started when the payment arrived. ' +
        'There is no booking. A refund of ₹700 is on its way',
    );
    expect(started.text).not.toContain('seats had been taken');
    expect(started.html).toContain('the show had already started when the payment arrived');
    const taken = latePaymentRefundedEmail(brand, {
      ...refunded,
      refundReason: 'Some of the seats were taken after the payment window closed',
    });
    expect(taken.text).toContain('some of the seats were taken after the payment window closed.');
    expect(latePaymentRefundedEmail(brand, refunded).text).toContain(
      'Your payment could not be used for a booking.',
    );
  });
});
