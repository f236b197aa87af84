import { describe, expect, it } from 'vitest';
import {
  addDays,
  cinemaDay,
  formatTimeOfDay,
  fromZonedParts,
  isIsoDate,
  parseTimeOfDay,
  toZonedParts,
} from './time.ts';

describe('times of day', () => {
  it('reads 12-hour and 24-hour times', () => {
    expect(parseTimeOfDay('7:30 PM')).toBe(19 * 60 + 30);
    expect(parseTimeOfDay('12:00 AM')).toBe(0);
    expect(parseTimeOfDay('12:15 PM')).toBe(12 * 60 + 15);
    expect(parseTimeOfDay('09:05 am')).toBe(9 * 60 + 5);
    expect(parseTimeOfDay('19:30')).toBe(19 * 60 + 30);
    expect(parseTimeOfDay('00:00')).toBe(0);
  });

  it('refuses what is not a time', () => {
    for (const text of ['13:00 PM', '0:30 AM', '24:00', '7:60', 'seven', '', '7 PM']) {
      expect(parseTimeOfDay(text), text).toBeNull();
    }
  });

  it('writes h:mm AM/PM and round-trips every minute', () => {
    expect(formatTimeOfDay(0)).toBe('12:00 AM');
    expect(formatTimeOfDay(19 * 60 + 30)).toBe('7:30 PM');
    for (let minute = 0; minute < 24 * 60; minute++) {
      expect(parseTimeOfDay(formatTimeOfDay(minute))).toBe(minute);
    }
  });
});

describe('cinema calendar', () => {
  it('validates calendar dates', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('26-01-01')).toBe(false);
    // The last day of year 9999 has no next day to end its window at: refused, not a 500.
    expect(isIsoDate('9998-12-31')).toBe(true);
    expect(isIsoDate('9999-12-31')).toBe(false);
  });

  it('places a wall-clock time in Kolkata at the right instant', () => {
    const instant = fromZonedParts('2026-11-22', 19 * 60 + 30, 'Asia/Kolkata');
    expect(instant.toISOString()).toBe('2026-11-22T14:00:00.000Z');
    expect(toZonedParts(instant, 'Asia/Kolkata')).toEqual({ date: '2026-11-22', minutes: 19 * 60 + 30 });
  });

  it('handles zones with daylight saving', () => {
    const summer = fromZonedParts('2026-07-01', 9 * 60, 'Europe/London');
    expect(summer.toISOString()).toBe('2026-07-01T08:00:00.000Z');
    const winter = fromZonedParts('2026-12-01', 9 * 60, 'Europe/London');
    expect(winter.toISOString()).toBe('2026-12-01T09:00:00.000Z');
  });

  it('reads the date across midnight in the zone, not in UTC', () => {
    expect(toZonedParts(new Date('2026-11-22T20:00:00Z'), 'Asia/Kolkata').date).toBe('2026-11-23');
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('cinemaDay', () => {
  it('runs from the cinema’s midnight to the next, whatever the zone', () => {
    const { start, end } = cinemaDay('2026-11-22', 'Asia/Kolkata');
    expect(start.toISOString()).toBe('2026-11-21T18:30:00.000Z');
    expect(end.toISOString()).toBe('2026-11-22T18:30:00.000Z');
  });

  it('is 23 or 25 hours long across a DST change', () => {
    const hours = (date: string) => {
      const { start, end } = cinemaDay(date, 'Europe/London');
      return (end.getTime() - start.getTime()) / 3_600_000;
    };
    expect(hours('2026-03-29')).toBe(23);
    expect(hours('2026-10-25')).toBe(25);
    expect(hours('2026-07-01')).toBe(24);
  });
});
