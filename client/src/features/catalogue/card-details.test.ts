import { describe, expect, it } from 'vitest';
import {
  formatCardRating,
  formatFromPrice,
  formatShowCount,
  formatShowDate,
  lowestShowPrice,
  summarizeShowDates,
} from './card-details.ts';

describe('formatCardRating', () => {
  it('shows one decimal', () => {
    expect(formatCardRating(8.7)).toBe('8.7');
    expect(formatCardRating(8)).toBe('8.0');
    expect(formatCardRating(7.95)).toBe('8.0');
  });

  it('uses the default 8.0 when a movie has no rating', () => {
    expect(formatCardRating(null)).toBe('8.0');
    expect(formatCardRating(undefined)).toBe('8.0');
  });

  it('keeps a real zero rather than replacing it with the default', () => {
    expect(formatCardRating(0)).toBe('0.0');
  });
});

describe('formatShowDate', () => {
  it('formats a calendar date as weekday, month and day', () => {
    expect(formatShowDate('2026-11-22')).toBe('Sun, 22 Nov');
    expect(formatShowDate('2027-01-01')).toBe('Fri, 1 Jan');
    expect(formatShowDate('2028-02-29')).toBe('Tue, 29 Feb');
  });
});

describe('summarizeShowDates', () => {
  it('lists every date when there are two or fewer', () => {
    expect(summarizeShowDates([])).toEqual({ labels: [], moreCount: 0 });
    expect(summarizeShowDates(['2026-11-22'])).toEqual({ labels: ['Sun, 22 Nov'], moreCount: 0 });
    expect(summarizeShowDates(['2026-11-22', '2026-11-23'])).toEqual({
      labels: ['Sun, 22 Nov', 'Mon, 23 Nov'],
      moreCount: 0,
    });
  });

  it('names the first two dates and counts the rest', () => {
    expect(summarizeShowDates(['2026-11-22', '2026-11-23', '2026-11-24'])).toEqual({
      labels: ['Sun, 22 Nov', 'Mon, 23 Nov'],
      moreCount: 1,
    });
    expect(summarizeShowDates(['2026-11-22', '2026-11-23', '2026-11-24', '2026-11-30']).moreCount).toBe(2);
  });

  it('counts each date once and puts the earliest first', () => {
    expect(
      summarizeShowDates(['2026-11-24', '2026-11-22', '2026-11-24', '2026-11-22', '2026-11-23']),
    ).toEqual({ labels: ['Sun, 22 Nov', 'Mon, 23 Nov'], moreCount: 1 });
  });
});

describe('formatShowCount', () => {
  it('says how many shows can be booked', () => {
    expect(formatShowCount(12)).toBe('12 shows available');
    expect(formatShowCount(1)).toBe('1 show available');
    expect(formatShowCount(0)).toBe('No shows available');
  });
});

describe('lowestShowPrice and formatFromPrice', () => {
  const show = (showPrice: number, status = 'active') => ({ showPrice, status });

  it('takes the cheapest show that can still be booked', () => {
    expect(lowestShowPrice([show(220), show(180), show(250)])).toBe(180);
    expect(lowestShowPrice([show(150, 'sold-out'), show(150, 'cancelled'), show(200)])).toBe(200);
  });

  it('has no price when no show can be booked', () => {
    expect(lowestShowPrice([])).toBeNull();
    expect(lowestShowPrice([show(150, 'sold-out')])).toBeNull();
    expect(formatFromPrice(null)).toBeNull();
  });

  it('shows the price per ticket in rupees', () => {
    expect(formatFromPrice(180)).toBe('From ₹180');
    expect(formatFromPrice(1250)).toBe('From ₹1,250');
  });
});
