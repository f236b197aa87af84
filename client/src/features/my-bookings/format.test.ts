import { describe, expect, it } from 'vitest';
import { bookedOnLabel, seatCount, showDateLabel } from './format.ts';

describe('showDateLabel', () => {
  it('writes a show date in the app’s short and long forms, whatever the viewer’s zone', () => {
    expect(showDateLabel('2026-11-25')).toBe('Wed, 25 Nov');
    expect(showDateLabel('2026-11-25', 'long')).toBe('Wednesday, 25 November 2026');
  });

  it('leaves an unreadable date as it came', () => {
    expect(showDateLabel('soon')).toBe('soon');
  });
});

describe('bookedOnLabel', () => {
  it('gives the calendar day of the booking in the given zone', () => {
    expect(bookedOnLabel('2026-11-24T20:00:00.000Z', 'Asia/Kolkata')).toBe('Wed, 25 Nov');
    expect(bookedOnLabel('2026-11-24T20:00:00.000Z', 'UTC')).toBe('Tue, 24 Nov');
  });
});

describe('seatCount', () => {
  it('counts seats in words', () => {
    expect(seatCount(1)).toBe('1 seat');
    expect(seatCount(3)).toBe('3 seats');
  });
});
