import { describe, expect, it } from 'vitest';
import { readSelection, writeSelection } from './selection-params.ts';

const read = (query: string, max = 8) => readSelection(new URLSearchParams(query), max);

describe('the booking choice in the address', () => {
  it('reads date, show and seats back as written', () => {
    const params = writeSelection(new URLSearchParams('utm=x'), {
      date: '2026-11-24',
      showId: 'b8f0c2de-1',
      seats: ['C5', 'A1'],
    });
    expect(params.get('utm')).toBe('x');
    expect(read(params.toString())).toEqual({
      date: '2026-11-24',
      showId: 'b8f0c2de-1',
      seats: ['A1', 'C5'],
    });
  });

  it('leaves out what is not a date, a show id or a seat, duplicates and seats beyond the limit', () => {
    expect(read('date=tomorrow&show=<script>&seats=A1')).toEqual({ date: null, showId: null, seats: [] });
    expect(read('show=s1&seats=A1,A1,A0,b2,,C3,A123').seats).toEqual(['A1', 'C3']);
    expect(read('show=s1&seats=A1,A2,A3,A4', 2).seats).toEqual(['A1', 'A2']);
  });

  it('keeps seats of two-letter rows, as on a show of more than 26 rows (AA1 after Z12)', () => {
    expect(read('show=s1&seats=AB3,A1,Z12,AA12').seats).toEqual(['A1', 'Z12', 'AA12', 'AB3']);
    expect(read('show=s1&seats=ABC1,AA0').seats).toEqual([]);
  });

  it('drops empty parts when written', () => {
    const params = writeSelection(new URLSearchParams('date=2026-11-24&show=s1&seats=A1'), {
      date: '2026-11-25',
      showId: null,
      seats: [],
    });
    expect(params.toString()).toBe('date=2026-11-25');
  });
});
