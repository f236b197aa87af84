import { MAX_SEATS_PER_BOOKING, type Layout } from '@marquee/shared';
import { describe, expect, it } from 'vitest';
import {
  strandedPreview,
  seatAccessibleName,
  seatState,
  seatsTakenFromSelection,
  seatsTakenMessage,
  toggleSeat,
  withoutOccupied,
} from './seat-state.ts';

const occupied = new Set(['A2']);

describe('seatState', () => {
  it('tells available, selected and booked seats apart', () => {
    const selected = new Set(['A3']);
    expect(seatState('A1', occupied, selected)).toBe('available');
    expect(seatState('A2', occupied, selected)).toBe('booked');
    expect(seatState('A3', occupied, selected)).toBe('selected');
  });

  it('calls a seat booked when it is both booked and still in a stale selection', () => {
    expect(seatState('A2', occupied, new Set(['A2']))).toBe('booked');
  });

  it("tells the buyer's own waiting seats from someone else's, and only taken ones", () => {
    const mine = new Set(['A2', 'A4']);
    expect(seatState('A2', occupied, new Set(), new Set(), mine)).toBe('mine');
    expect(seatState('A4', occupied, new Set(), new Set(), mine)).toBe('available');
    expect(seatAccessibleName('A2', 'mine')).toBe('A2, held for you, waiting for payment');
  });
});

describe('seatAccessibleName', () => {
  it('says the seat id, then its state', () => {
    expect(seatAccessibleName('A1', 'available')).toBe('A1, available');
    expect(seatAccessibleName('A2', 'booked')).toBe('A2, booked');
    expect(seatAccessibleName('H12', 'selected')).toBe('H12, selected');
  });
});

describe('toggleSeat', () => {
  it('adds a seat and keeps the selection in map order', () => {
    expect(toggleSeat(['B1', 'A10'], 'A2', 8)).toEqual({ seats: ['A2', 'A10', 'B1'], isOverLimit: false });
  });

  it('removes a seat that was selected', () => {
    expect(toggleSeat(['A1', 'A2'], 'A1', 8)).toEqual({ seats: ['A2'], isOverLimit: false });
  });

  it('allows exactly the maximum and refuses one more', () => {
    const seven = ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7'];
    const eighth = toggleSeat(seven, 'A8', MAX_SEATS_PER_BOOKING);
    expect(eighth).toEqual({ seats: [...seven, 'A8'], isOverLimit: false });
    const ninth = toggleSeat(eighth.seats, 'A9', MAX_SEATS_PER_BOOKING);
    expect(ninth).toEqual({ seats: eighth.seats, isOverLimit: true });
  });

  it('still lets a full selection drop a seat', () => {
    const eight = ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7', 'A8'];
    expect(toggleSeat(eight, 'A8', MAX_SEATS_PER_BOOKING).seats).toEqual(eight.slice(0, 7));
  });
});

describe('withoutOccupied', () => {
  it('drops seats that someone else has taken', () => {
    expect(withoutOccupied(['A1', 'A2', 'A3'], occupied)).toEqual(['A1', 'A3']);
  });
});

describe('seatsTakenFromSelection', () => {
  it('lists the selected seats that are now occupied, in selection order', () => {
    expect(seatsTakenFromSelection(['A1', 'A2', 'C4'], new Set(['C4', 'A2', 'H1']))).toEqual(['A2', 'C4']);
  });

  it('is empty when nothing selected was taken', () => {
    expect(seatsTakenFromSelection(['A1'], new Set(['A2']))).toEqual([]);
    expect(seatsTakenFromSelection([], new Set(['A2']))).toEqual([]);
  });
});

describe('seatsTakenMessage', () => {
  it('names one seat', () => {
    expect(seatsTakenMessage(['C4'])).toBe('Seat C4 was just taken by someone else');
  });

  it('names several seats', () => {
    expect(seatsTakenMessage(['C4', 'C5'])).toBe('Seats C4 and C5 were just taken by someone else');
    expect(seatsTakenMessage(['A1', 'C4', 'C5'])).toBe('Seats A1, C4 and C5 were just taken by someone else');
  });
});

describe('seatAccessibleName on a screen with classes', () => {
  it('begins with the seat id (its visible label), then the state, class and kind', () => {
    expect(seatAccessibleName('C4', 'available', { seatClass: 'Recliner', kind: 'wheelchair' })).toBe(
      'C4, available, Recliner, wheelchair space',
    );
    expect(seatAccessibleName('C5', 'held', { kind: 'companion' })).toBe(
      'C5, held for wheelchair users, companion seat',
    );
    expect(seatAccessibleName('A1', 'available', { kind: 'seat' })).toBe('A1, available');
  });
});

describe('strandedPreview', () => {
  // A1 A2 W3 C4: a wheelchair space (taken) and its companion seat, in one class.
  const layout: Layout = {
    rows: [
      {
        row: 'A',
        seats: [
          { id: 'A1', class: 'Classic', kind: 'seat' },
          { id: 'A2', class: 'Classic', kind: 'seat' },
          { id: 'A3', class: 'Classic', kind: 'wheelchair' },
          { id: 'A4', class: 'Classic', kind: 'companion' },
        ],
      },
    ],
  };
  const taken = new Set(['A3']);

  it('agrees with the server for a wheelchair user before the release: a held-back companion seat is no other choice', () => {
    // A2 is left alone, but the only seat that would avoid it is the companion seat A4, which
    // cannot be booked on its own yet: the server books A1, so the page must not refuse it.
    const rules = { gapRule: true, needsWheelchair: true, released: false };
    expect(strandedPreview(layout, taken, ['A1'], rules)).toBeNull();
    expect(strandedPreview(layout, taken, ['A1'], { ...rules, released: true })).toBe('A2');
  });

  it('says nothing when the cinema has the single-seat rule off', () => {
    expect(
      strandedPreview(layout, taken, ['A1'], { gapRule: false, needsWheelchair: false, released: true }),
    ).toBeNull();
  });
});
