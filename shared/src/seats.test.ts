import { describe, expect, it } from 'vitest';
import { compareSeats, rowLabel, seatIndex, seatLayout } from './seats.ts';

const isSeatOnMap = (seatId: string, totalSeats: number) => {
  const index = seatIndex(seatId);
  return index >= 0 && index < totalSeats;
};

describe('seat map', () => {
  it('lays out the standard hall as A–H × 12', () => {
    const rows = seatLayout(96);
    expect(rows.map((row) => row.row).join('')).toBe('ABCDEFGH');
    expect(rows.every((row) => row.seats.length === 12)).toBe(true);
    expect(rows[0]!.seats[0]).toBe('A1');
    expect(rows[7]!.seats[11]).toBe('H12');
  });

  it('leaves the last row short when seats do not fill it', () => {
    const rows = seatLayout(100);
    expect(rows).toHaveLength(9);
    expect(rows[8]!.seats).toEqual(['I1', 'I2', 'I3', 'I4']);
  });

  it('names rows past Z so 500 seats still have ids', () => {
    expect(rowLabel(25)).toBe('Z');
    expect(rowLabel(26)).toBe('AA');
    const rows = seatLayout(500);
    expect(rows).toHaveLength(42);
    expect(rows.at(-1)!.seats.at(-1)).toBe('AP8');
  });

  it('accepts exactly the seats on the map', () => {
    expect(isSeatOnMap('A1', 96)).toBe(true);
    expect(isSeatOnMap('H12', 96)).toBe(true);
    expect(isSeatOnMap('I1', 96)).toBe(false);
    expect(isSeatOnMap('A13', 96)).toBe(false);
    expect(isSeatOnMap('A0', 96)).toBe(false);
    expect(isSeatOnMap('a1', 96)).toBe(false);
    expect(isSeatOnMap('A01', 96)).toBe(false);
    expect(isSeatOnMap('I4', 100)).toBe(true);
    expect(isSeatOnMap('I5', 100)).toBe(false);
    expect(isSeatOnMap('AP8', 500)).toBe(true);
    expect(isSeatOnMap('AP9', 500)).toBe(false);
    expect(isSeatOnMap('', 96)).toBe(false);
  });

  it('agrees with the layout for every size', () => {
    for (const total of [1, 11, 12, 13, 96, 100, 311, 500]) {
      const onMap = new Set(seatLayout(total).flatMap((row) => row.seats));
      expect(onMap.size).toBe(total);
      for (const seat of onMap) expect(isSeatOnMap(seat, total)).toBe(true);
    }
  });

  it('numbers seats in reading order, the index a map of index + 1 seats ends on', () => {
    const seats = seatLayout(500).flatMap((row) => row.seats);
    seats.forEach((seat, index) => expect(seatIndex(seat)).toBe(index));
    expect(seatIndex('A13')).toBe(-1);
    expect(seatIndex('a1')).toBe(-1);
  });

  it('orders seats by row, then number', () => {
    expect(['B2', 'A10', 'A2', 'AA1', 'Z12'].sort(compareSeats)).toEqual(['A2', 'A10', 'B2', 'Z12', 'AA1']);
  });
});
