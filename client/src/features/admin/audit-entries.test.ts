import { describe, expect, it } from 'vitest';
import { auditActionLabel, describeAuditDetails } from './audit-entries.ts';

describe('audit entries', () => {
  it('name known actions in words and keep payment events readable', () => {
    expect(auditActionLabel('show.cancel')).toBe('Show cancelled');
    expect(auditActionLabel('payment.checkout.completed')).toBe('Payment checkout completed');
    expect(auditActionLabel('payment.payment.succeeded')).toBe('Payment succeeded');
    expect(auditActionLabel('something.else')).toBe('something.else');
  });

  it('name the counter, shift, exchange and waiting-list actions in words', () => {
    expect(auditActionLabel('boxoffice.sale')).toBe('Counter sale');
    expect(auditActionLabel('shift.open')).toBe('Shift opened');
    expect(auditActionLabel('booking.exchange')).toBe('Booking exchanged');
    expect(auditActionLabel('waitlist.offer')).toBe('Waiting-list offer made');
  });

  it('read amounts recorded in paise as rupees, never as a bare number of paise', () => {
    expect(
      describeAuditDetails(
        { amountPaise: 72000, openingFloatPaise: 150050, method: 'cash', nested: { countedCashPaise: 99 } },
        'Asia/Kolkata',
      ),
    ).toEqual(['Amount: ₹720', 'Opening float: ₹1,500.50', 'Method: cash', 'Nested: Counted cash: ₹0.99']);
  });

  it('describe details as short lines', () => {
    expect(
      describeAuditDetails(
        {
          shows: [
            { _id: 'a', showDate: '2030-01-02', showTime: '7:30 PM' },
            { _id: 'b', showDate: '2030-01-03', showTime: '1:00 PM' },
          ],
          showPrice: 250,
          totalSeats: { from: 96, to: 120 },
          refunded: true,
          outcome: null,
        },
        'Asia/Kolkata',
      ),
    ).toEqual([
      'Shows: Wed, 2 Jan 7:30 PM, Thu, 3 Jan 1:00 PM',
      'Show price: 250',
      'Total seats: 96 → 120',
      'Refunded: yes',
      'Outcome: —',
    ]);
  });

  it('read recorded instants on the cinema’s clock and things by their names', () => {
    expect(
      describeAuditDetails(
        {
          startsAt: { from: '2030-01-01T13:30:00.000Z', to: '2030-01-01T20:00:00.000Z' },
          screen: { _id: 'a1', name: 'Screen 2' },
        },
        'Asia/Kolkata',
      ),
    ).toEqual(['Starts at: Tue, 1 Jan, 7:00 PM → Wed, 2 Jan, 1:30 AM', 'Screen: Screen 2']);
    expect(describeAuditDetails({ to: 'staff', from: 'user' }, 'Asia/Kolkata')).toEqual(['user → staff']);
  });
});
