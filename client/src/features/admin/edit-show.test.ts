import { DEFAULT_SCREEN_ID, type AdminShow } from '@marquee/shared';
import { describe, expect, it } from 'vitest';
import {
  buildShowUpdate,
  buyersNotice,
  editShowDefaults,
  languageChoices,
  noChangesMessage,
  priceFields,
  versionLockedReason,
} from './edit-show.ts';

const show: AdminShow = {
  _id: 's1',
  movie: { _id: 'm1', title: 'Dune', poster: '', languages: ['Hindi', 'English'] },
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
  screen: { _id: DEFAULT_SCREEN_ID, name: 'Screen 1' },
  prices: { Standard: 250 },
  language: 'Hindi',
  format: '2D',
};

describe('editing a show', () => {
  it('starts from the show as it is', () => {
    expect(editShowDefaults(show)).toEqual({
      prices: { Standard: '250' },
      dateTime: '2030-01-02T19:30',
      totalSeats: '96',
      language: 'Hindi',
      format: '2D',
    });
  });

  it('sends only what changed', () => {
    const values = editShowDefaults(show);
    expect(buildShowUpdate(show, { ...values, prices: { Standard: '300' } })).toEqual({
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
    const values = editShowDefaults(show);
    expect(
      buildShowUpdate(show, { ...values, prices: { Standard: '0' }, dateTime: '', totalSeats: '501' }),
    ).toEqual({
      ok: false,
      errors: {
        showPrice: 'Please enter a valid show price',
        dateTime: 'Please select a date and time',
        totalSeats: 'Please enter a valid total seats count',
      },
    });
  });
});

describe("a show's language and format", () => {
  const unsold: AdminShow = { ...show, seatsSold: 0, seatsHeld: 0, availableSeats: 96 };

  it('sends them only when changed, offering the film’s languages', () => {
    const values = editShowDefaults(unsold);
    expect(languageChoices(unsold)).toEqual(['Hindi', 'English']);
    expect(buildShowUpdate(unsold, { ...values, language: 'English', format: 'IMAX' })).toEqual({
      ok: true,
      request: { language: 'English', format: 'IMAX' },
    });
    expect(buildShowUpdate(unsold, { ...values, format: '3D' })).toEqual({
      ok: true,
      request: { format: '3D' },
    });
  });

  it('are locked, saying why, once a seat is held or sold', () => {
    expect(versionLockedReason(unsold)).toBeNull();
    const reason =
      'Seats for this show are already sold or held, so its language and format can no longer be changed';
    expect(versionLockedReason(show)).toBe(reason);
    expect(versionLockedReason({ ...unsold, seatsHeld: 1 })).toBe(reason);
  });

  it('offers every known language while the film names none, keeping the show’s own', () => {
    const open = { ...unsold, movie: { ...unsold.movie, languages: [] }, language: null };
    expect(languageChoices(open)).toContain('Tamil');
    expect(editShowDefaults(open).language).toBe('');
  });
});

describe('editing a show with seat classes', () => {
  const classy: AdminShow = {
    ...show,
    screen: { _id: 'sc2', name: 'Screen 2' },
    showPrice: 180,
    totalSeats: 90,
    prices: { Recliner: 450, Classic: 180, Prime: 260 },
  };

  it('has a price field per class, cheapest first, and no size of its own', () => {
    expect(priceFields(classy).map((field) => field.label)).toEqual([
      'Classic price (₹)',
      'Prime price (₹)',
      'Recliner price (₹)',
    ]);
    expect(priceFields(show)).toEqual([
      { name: 'showPrice', label: 'Show Price (₹)', seatClass: 'Standard' },
    ]);
  });

  it("sends every class's price when one changes, never a total seat count", () => {
    const values = editShowDefaults(classy);
    expect(
      buildShowUpdate(classy, { ...values, prices: { ...values.prices, Prime: '275.5' }, totalSeats: '120' }),
    ).toEqual({ ok: true, request: { prices: { Classic: 180, Prime: 275.5, Recliner: 450 } } });
    expect(buildShowUpdate(classy, { ...values, prices: { ...values.prices, Recliner: '' } })).toEqual({
      ok: false,
      errors: { 'price-Recliner': 'Please enter a valid price for Recliner' },
    });
  });

  it('says before saving how many paid bookings a move will email', () => {
    expect(buyersNotice(3, true)).toBe(
      '3 paid bookings will be emailed about this change, with the new time and an updated calendar file.',
    );
    expect(buyersNotice(1, false)).toBe('1 paid booking: moving the show emails its buyer.');
    expect(buyersNotice(0, true)).toBeNull();
  });
});
