import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDayOf, formatMonth, formatTimeAt } from './dates.ts';

describe('the one date formatter', () => {
  it('writes a cinema date in a short and a long form, whatever the runtime zone', () => {
    expect(formatDate('2026-11-24')).toBe('Tue, 24 Nov');
    expect(formatDate('2026-11-24', 'long')).toBe('Tuesday, 24 November 2026');
    expect(formatDate('2028-02-29', 'short')).toBe('Tue, 29 Feb');
    // September is Sep and Sept nowhere else: the same on every runtime.
    expect(formatDate('2026-09-03')).toBe('Thu, 3 Sep');
    expect(formatDate('2027-02-30')).toBe('2027-02-30');
    expect(formatMonth('2026-11-24')).toBe('November 2026');
    expect(formatDate('soon')).toBe('soon');
  });

  it('writes instants on the cinema clock, times as show times are written', () => {
    // 20:00 UTC is 1:30 AM the next day in Kolkata.
    expect(formatDateTime('2026-11-24T20:00:00.000Z', 'Asia/Kolkata')).toBe('Wed, 25 Nov, 1:30 AM');
    expect(formatDateTime('2026-11-24T20:00:00.000Z', 'UTC', 'long')).toBe(
      'Tuesday, 24 November 2026, 8:00 PM',
    );
    expect(formatDayOf('2026-11-24T20:00:00.000Z', 'Asia/Kolkata')).toBe('Wed, 25 Nov');
    expect(formatDateTime('never', 'UTC')).toBe('never');
    // A check-in time reads as the door said it, on the cinema's clock.
    expect(formatTimeAt('2026-11-24T13:32:00.000Z', 'Asia/Kolkata')).toBe('7:02 PM');
    expect(formatTimeAt('never', 'UTC')).toBe('never');
  });
});
