import { describe, expect, it } from 'vitest';
import {
  formatInstant,
  formatPriceRange,
  formatShowDate,
  pageCount,
  readPage,
  showBookingsPath,
} from './format.ts';

describe('admin formatting', () => {
  it('writes a cinema date with its weekday, whatever the browser’s zone', () => {
    expect(formatShowDate('2030-01-02')).toBe('Wed, 2 Jan');
  });

  it('writes an instant on the cinema’s clock', () => {
    expect(formatInstant('2030-01-01T20:00:00Z', 'Asia/Kolkata')).toBe('Wed, 2 Jan, 1:30 AM');
  });

  it('reads a page number from the address, falling back to 1', () => {
    expect(readPage('3')).toBe(3);
    expect(readPage(null)).toBe(1);
    expect(readPage('0')).toBe(1);
    expect(readPage('2.5')).toBe(1);
    expect(readPage('x')).toBe(1);
  });

  it('counts pages, at least one', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });

  it('writes a show’s prices as one price or the range across its classes', () => {
    expect(formatPriceRange({ Classic: 150, Prime: 250, Recliner: 400 }, 150)).toBe('₹150–₹400');
    expect(formatPriceRange({ Standard: 200 }, 200)).toBe('₹200');
    expect(formatPriceRange({ A: 199.5, B: 199.5 }, 199.5)).toBe('₹199.50');
    expect(formatPriceRange({}, 180)).toBe('₹180');
  });

  it('links a show to the Bookings page filtered by it', () => {
    expect(showBookingsPath({ _id: 'abc', showDate: '2030-01-02' })).toBe(
      '/admin/bookings?date=2030-01-02&show=abc',
    );
  });
});
