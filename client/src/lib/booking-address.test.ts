import { describe, expect, it } from 'vitest';
import { bookingPageAddress } from './booking-address.ts';

describe('bookingPageAddress', () => {
  it("keeps the show's date and id, so the buyer comes back to the same show", () => {
    expect(bookingPageAddress('m 1', { showDate: '2026-05-02', _id: 's1' })).toBe(
      '/booking/m%201?date=2026-05-02&show=s1',
    );
    expect(bookingPageAddress('m1')).toBe('/booking/m1');
  });
});
