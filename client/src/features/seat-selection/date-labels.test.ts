import { describe, expect, it } from 'vitest';
import { dateLabel, defaultShowDate, distinctShowDates, longDateLabel } from './date-labels.ts';

describe('dateLabel', () => {
  it('names today and tomorrow', () => {
    expect(dateLabel('2026-11-24', '2026-11-24')).toBe('Today');
    expect(dateLabel('2026-11-25', '2026-11-24')).toBe('Tomorrow');
  });

  it('spells out later dates as weekday, month and day', () => {
    expect(dateLabel('2026-11-26', '2026-11-24')).toBe('Thu, 26 Nov');
    expect(dateLabel('2026-11-25', '2026-11-23')).toBe('Wed, 25 Nov');
  });

  it('counts tomorrow across month and year ends', () => {
    expect(dateLabel('2026-12-01', '2026-11-30')).toBe('Tomorrow');
    expect(dateLabel('2027-01-01', '2026-12-31')).toBe('Tomorrow');
    expect(dateLabel('2028-02-29', '2028-02-28')).toBe('Tomorrow');
  });

  it('does not call a past date today', () => {
    expect(dateLabel('2026-11-23', '2026-11-24')).toBe('Mon, 23 Nov');
  });
});

describe('longDateLabel', () => {
  it('writes the date in full', () => {
    expect(longDateLabel('2026-11-25')).toBe('Wednesday, 25 November 2026');
  });
});

describe('distinctShowDates', () => {
  it('lists each date once, earliest first', () => {
    const shows = ['2026-11-26', '2026-11-24', '2026-11-26', '2026-12-01', '2026-11-24'].map((showDate) => ({
      showDate,
    }));
    expect(distinctShowDates(shows)).toEqual(['2026-11-24', '2026-11-26', '2026-12-01']);
  });

  it('is empty without shows', () => {
    expect(distinctShowDates([])).toEqual([]);
  });
});

describe('defaultShowDate', () => {
  it('is today when today has shows', () => {
    expect(defaultShowDate(['2026-11-24', '2026-11-25'], '2026-11-24')).toBe('2026-11-24');
  });

  it('is the first date with shows when today has none (late evening)', () => {
    expect(defaultShowDate(['2026-11-25', '2026-11-26'], '2026-11-24')).toBe('2026-11-25');
  });

  it('is null when there are no shows', () => {
    expect(defaultShowDate([], '2026-11-24')).toBeNull();
  });
});
