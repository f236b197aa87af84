import { describe, expect, it } from 'vitest';
import {
  countTimings,
  draftEntries,
  draftOverlap,
  emptyDraft,
  hasTiming,
  showDraftReducer,
  toDateTimings,
  type ShowDraft,
  type ShowDraftAction,
} from './show-draft.ts';

const apply = (actions: ShowDraftAction[], start: ShowDraft = emptyDraft) =>
  actions.reduce(showDraftReducer, start);

describe('the Add Show draft', () => {
  it('keeps each date’s times in clock order, not text order', () => {
    const draft = apply([
      { type: 'add', date: '2030-01-02', time: '7:30 PM' },
      { type: 'add', date: '2030-01-02', time: '10:00 AM' },
      { type: 'add', date: '2030-01-02', time: '12:15 PM' },
      { type: 'add', date: '2030-01-02', time: '9:45 AM' },
    ]);
    expect(draft['2030-01-02']).toEqual(['9:45 AM', '10:00 AM', '12:15 PM', '7:30 PM']);
  });

  it('lists dates in calendar order', () => {
    const draft = apply([
      { type: 'add', date: '2030-02-01', time: '1:00 PM' },
      { type: 'add', date: '2030-01-15', time: '1:00 PM' },
    ]);
    expect(draftEntries(draft).map((entry) => entry.date)).toEqual(['2030-01-15', '2030-02-01']);
  });

  it('refuses a time already there for that date, but takes it on another date', () => {
    const once = apply([{ type: 'add', date: '2030-01-02', time: '7:30 PM' }]);
    expect(hasTiming(once, '2030-01-02', '7:30 PM')).toBe(true);
    const twice = showDraftReducer(once, { type: 'add', date: '2030-01-02', time: '7:30 PM' });
    expect(twice).toBe(once);
    expect(twice['2030-01-02']).toEqual(['7:30 PM']);
    const elsewhere = showDraftReducer(once, { type: 'add', date: '2030-01-03', time: '7:30 PM' });
    expect(countTimings(elsewhere)).toBe(2);
  });

  it('removes one time and keeps the rest of the date', () => {
    const draft = apply([
      { type: 'add', date: '2030-01-02', time: '7:30 PM' },
      { type: 'add', date: '2030-01-02', time: '10:00 AM' },
      { type: 'remove-time', date: '2030-01-02', time: '7:30 PM' },
    ]);
    expect(draft).toEqual({ '2030-01-02': ['10:00 AM'] });
  });

  it('drops a date when its last time is removed', () => {
    const draft = apply([
      { type: 'add', date: '2030-01-02', time: '7:30 PM' },
      { type: 'remove-time', date: '2030-01-02', time: '7:30 PM' },
    ]);
    expect(draft).toEqual({});
    expect(draftEntries(draft)).toEqual([]);
  });

  it('removes a whole date with all its times, leaving the others', () => {
    const draft = apply([
      { type: 'add', date: '2030-01-02', time: '7:30 PM' },
      { type: 'add', date: '2030-01-02', time: '10:00 AM' },
      { type: 'add', date: '2030-01-03', time: '10:00 AM' },
      { type: 'remove-date', date: '2030-01-02' },
    ]);
    expect(draft).toEqual({ '2030-01-03': ['10:00 AM'] });
  });

  it('ignores removing what is not there', () => {
    const draft = apply([{ type: 'add', date: '2030-01-02', time: '7:30 PM' }]);
    expect(showDraftReducer(draft, { type: 'remove-time', date: '2030-01-02', time: '1:00 PM' })).toBe(draft);
    expect(showDraftReducer(draft, { type: 'remove-date', date: '2030-01-09' })).toBe(draft);
  });

  it('empties on clear (after a successful submit)', () => {
    const draft = apply([{ type: 'add', date: '2030-01-02', time: '7:30 PM' }, { type: 'clear' }]);
    expect(countTimings(draft)).toBe(0);
  });

  it('becomes the spec’s dateTimings payload', () => {
    const draft = apply([
      { type: 'add', date: '2030-01-03', time: '1:00 PM' },
      { type: 'add', date: '2030-01-02', time: '7:30 PM' },
      { type: 'add', date: '2030-01-02', time: '10:00 AM' },
    ]);
    expect(toDateTimings(draft)).toEqual([
      {
        date: '2030-01-02',
        timings: [
          { time: '10:00 AM', occupiedSeats: {} },
          { time: '7:30 PM', occupiedSeats: {} },
        ],
      },
      { date: '2030-01-03', timings: [{ time: '1:00 PM', occupiedSeats: {} }] },
    ]);
  });
});

describe("the draft's own times on one screen", () => {
  // Kantara: 2 h 49 min; with 15 minutes' cleaning the screen is busy 3 h 4 min from each start.
  const kantara = { runtime: '2h 49m', cleaningMinutes: 15, timeZone: 'Asia/Kolkata' };
  const add = (time: string, date = '2030-01-04'): ShowDraftAction => ({ type: 'add', date, time });

  it('refuses a time that starts before the one before it has run and been cleaned, naming both', () => {
    const draft = apply([add('10:00 AM'), add('1:30 PM'), add('3:00 PM'), add('8:30 PM')]);
    expect(draftOverlap(draft, kantara)).toBe(
      "The 3:00 PM show on Fri, 4 Jan would start before the 1:30 PM show has finished (the film's runtime plus 15 minutes' cleaning)",
    );
  });

  it('takes times exactly a run and a cleaning apart, and sees across midnight', () => {
    expect(draftOverlap(apply([add('10:00 AM'), add('1:04 PM'), add('8:30 PM')]), kantara)).toBeNull();
    expect(draftOverlap(apply([add('10:00 AM'), add('1:03 PM')]), kantara)).toContain('The 1:03 PM show');
    const late = apply([add('11:00 PM'), add('1:00 AM', '2030-01-05')]);
    expect(draftOverlap(late, kantara)).toContain('before the 11:00 PM show on Fri, 4 Jan has finished');
    expect(draftOverlap(late, { ...kantara, runtime: '90 min', cleaningMinutes: 30 })).toBeNull();
  });
});
