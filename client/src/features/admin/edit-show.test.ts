import type { AdminShow } from '@marquee/shared';
import { describe, expect, it } from 'vitest';
import { buildShowUpdate, editShowDefaults, noChangesMessage } from './edit-show.ts';

const show: AdminShow = {
  _id: 's1',
  movie: { _id: 'm1', title: 'Dune', poster: '' },
  showDate: '2030-01-02',
  showTime: '7:30 PM',
  startsAt: '2030-01-02T14:00:00.000Z',
  showPrice: 250,
  totalSeats: 96,
  availableSeats: 90,
  status: 'active',
  seatsSold: 4,
  seatsHeld: 2,
  bookingCount: 2,
  screen: { _id: 'sc1', name: 'Screen 1' },
  prices: { Standard: 250 },
};

describe('editing a show', () => {
  it('starts from the show as it is', () => {
    expect(editShowDefaults(show)).toEqual({
      showPrice: '250',
      dateTime: '2030-01-02T19:30',
      totalSeats: '96',
    });
  });

  it('sends only what changed', () => {
    const values = editShowDefaults(show);
    expect(buildShowUpdate(show, { ...values, showPrice: '300' })).toEqual({
      ok: true,
      request: { showPrice: 300 },
    });
    expect(buildShowUpdate(show, { ...values, dateTime: '2030-01-03T19:30', totalSeats: '120' })).toEqual({
      ok: true,
      request: { showDate: '2030-01-03', showTime: '7:30 PM', totalSeats: 120 },
    });
  });

  it('says so when nothing changed', () => {
    expect(buildShowUpdate(show, editShowDefaults(show))).toEqual({
      ok: false,
      errors: { form: noChangesMessage },
    });
  });

  it('refuses a bad price, a missing start and seats outside 1–500 in the spec’s words', () => {
    expect(buildShowUpdate(show, { showPrice: '0', dateTime: '', totalSeats: '501' })).toEqual({
      ok: false,
      errors: {
        showPrice: 'Please enter a valid show price',
        dateTime: 'Please select a date and time',
        totalSeats: 'Please enter a valid total seats count',
      },
    });
  });
});
