import { describe, expect, it } from 'vitest';
import { emptyDraft, showDraftReducer } from './show-draft.ts';
import {
  checkNewTiming,
  cinemaNow,
  invalidClassPrice,
  firstError,
  isValidPrice,
  isValidTotalSeats,
  pastTimeMessage,
  readDateTimeLocal,
  showFormFields,
  toDateTimeLocal,
  validateShowForm,
} from './show-form.ts';
import { showMessages } from './messages.ts';

const oneShow = showDraftReducer(emptyDraft, { type: 'add', date: '2030-01-02', time: '7:30 PM' });

describe('Add Show validation on submit', () => {
  it('passes a complete form', () => {
    expect(validateShowForm({ movie: 'm1', showPrice: '250', totalSeats: '100' }, oneShow)).toEqual({});
  });

  it('names every missing piece in the spec’s words, first one first', () => {
    const errors = validateShowForm({ movie: '', showPrice: '', totalSeats: '' }, emptyDraft);
    expect(errors).toEqual({
      movie: 'Please select a movie',
      showPrice: 'Please enter a valid show price',
      totalSeats: 'Please enter a valid total seats count',
      dateTime: 'Please add at least one date with timings',
    });
    expect(firstError(showFormFields, errors)).toBe('movie');
    expect(firstError(showFormFields, { totalSeats: 'x', dateTime: 'y' })).toBe('totalSeats');
  });

  it('takes a price of ₹1 and more, in whole paise', () => {
    expect(isValidPrice('1')).toBe(true);
    expect(isValidPrice('199.50')).toBe(true);
    expect(isValidPrice('0.99')).toBe(false);
    expect(isValidPrice('0')).toBe(false);
    expect(isValidPrice('-5')).toBe(false);
    expect(isValidPrice('1.005')).toBe(false);
    expect(isValidPrice('abc')).toBe(false);
  });

  it('takes 1 to 500 whole seats', () => {
    expect(isValidTotalSeats('1')).toBe(true);
    expect(isValidTotalSeats('500')).toBe(true);
    expect(isValidTotalSeats('0')).toBe(false);
    expect(isValidTotalSeats('501')).toBe(false);
    expect(isValidTotalSeats('99.5')).toBe(false);
    expect(isValidTotalSeats(' ')).toBe(false);
  });
});

describe('the Add Time button', () => {
  const min = '2030-01-01T10:00';

  it('needs a movie first, then a date and time', () => {
    expect(checkNewTiming({ movie: '', dateTime: '2030-01-02T19:30', draft: emptyDraft, min })).toEqual({
      ok: false,
      field: 'movie',
      message: showMessages.movieFirst,
    });
    expect(checkNewTiming({ movie: 'm1', dateTime: '', draft: emptyDraft, min })).toEqual({
      ok: false,
      field: 'dateTime',
      message: 'Please select a date and time',
    });
  });

  it('refuses a time already in the draft for that date', () => {
    expect(checkNewTiming({ movie: 'm1', dateTime: '2030-01-02T19:30', draft: oneShow, min })).toEqual({
      ok: false,
      field: 'dateTime',
      message: 'This timing already exists for the selected date',
    });
  });

  it('refuses a time that has passed on the cinema’s clock', () => {
    const check = checkNewTiming({ movie: 'm1', dateTime: '2030-01-01T10:00', draft: emptyDraft, min });
    expect(check).toEqual({ ok: false, field: 'dateTime', message: pastTimeMessage });
  });

  it('turns the picked value into the cinema’s date and a 12-hour time', () => {
    expect(checkNewTiming({ movie: 'm1', dateTime: '2030-01-03T19:30', draft: oneShow, min })).toEqual({
      ok: true,
      date: '2030-01-03',
      time: '7:30 PM',
    });
  });
});

describe('datetime-local values', () => {
  it('read as date and 12-hour time', () => {
    expect(readDateTimeLocal('2030-01-02T00:05')).toEqual({ date: '2030-01-02', time: '12:05 AM' });
    expect(readDateTimeLocal('2030-01-02T12:00')).toEqual({ date: '2030-01-02', time: '12:00 PM' });
    expect(readDateTimeLocal('2030-01-02T23:59:00')).toEqual({ date: '2030-01-02', time: '11:59 PM' });
    expect(readDateTimeLocal('2030-01-02')).toBeNull();
    expect(readDateTimeLocal('')).toBeNull();
  });

  it('are written back from a show’s date and time', () => {
    expect(toDateTimeLocal('2030-01-02', '7:30 PM')).toBe('2030-01-02T19:30');
    expect(toDateTimeLocal('2030-01-02', '12:05 AM')).toBe('2030-01-02T00:05');
  });

  it('have their minimum on the cinema’s clock, not the browser’s', () => {
    // 20:00 UTC is 01:30 the next day in Kolkata (UTC+5:30).
    expect(cinemaNow(new Date('2030-01-01T20:00:00Z'), 'Asia/Kolkata')).toBe('2030-01-02T01:30');
    expect(cinemaNow(new Date('2030-01-01T20:00:00Z'), 'America/New_York')).toBe('2030-01-01T15:00');
  });
});

describe('Add Show on a screen', () => {
  it('needs no Total Seats on a screen, and no single price when each class has one', () => {
    const values = { movie: 'm1', showPrice: '', totalSeats: '' };
    expect(validateShowForm(values, oneShow, { hasScreen: true, hasClassPrices: true })).toEqual({});
    expect(validateShowForm(values, oneShow, { hasScreen: true })).toEqual({
      showPrice: 'Please enter a valid show price',
    });
  });

  it('names the first class without a valid price', () => {
    const classes = ['Classic', 'Prime', 'Recliner'];
    expect(invalidClassPrice(classes, { Classic: '200', Prime: '0', Recliner: '' })).toEqual({
      seatClass: 'Prime',
      message: 'Please enter a valid price for Prime',
    });
    expect(invalidClassPrice(classes, { Classic: '200', Prime: '250', Recliner: '400.50' })).toBeNull();
  });
});
