import { describe, expect, it } from 'vitest';
import { fieldOfProblem, tierProblem, toFormValues, toSettingsUpdate } from './settings-form.ts';

const settings = {
  cinema: {
    name: 'Marquee',
    legalName: 'Marquee Pvt Ltd',
    address: 'Road',
    phone: '1',
    hours: 'Daily',
    gstin: '',
    stateCode: '29',
    sac: '9996',
  },
  tax: {
    ticketSlabs: [
      { upTo: 100, rate: 5 },
      { upTo: null, rate: 18 },
    ],
    foodRate: 5,
    invoicePrefix: 'MQ',
  },
  waitlist: { offerMinutes: 15 },
  cancellation: {
    tiers: [
      { minutesBefore: 120, refundPercent: 100 },
      { minutesBefore: 30, refundPercent: 50 },
    ],
  },
  reports: { dailyEmail: { at: '23:30', to: ['owner@example.com', 'accounts@example.com'] } },
};

describe('the settings form', () => {
  it('round-trips the settings, an empty upTo meaning no bound', () => {
    expect(toSettingsUpdate(toFormValues(settings))).toEqual(settings);
  });

  it('sends text that is not a number as typed, for the server to name', () => {
    const values = toFormValues(settings);
    values.foodRate = 'five';
    values.slabs[0]!.rate = ' 12.5 ';
    values.invoicePrefix = ' mq ';
    const update = toSettingsUpdate(values);
    expect(update.tax?.foodRate).toBe('five');
    expect(update.tax?.ticketSlabs?.[0]).toEqual({ upTo: 100, rate: 12.5 });
    expect(update.tax?.invoicePrefix).toBe('MQ');
  });

  it('reads a refusal about one tier as the form shows it: the tier counted from 1, in its words', () => {
    expect(
      tierProblem(
        'cancellation.tiers.1.minutesBefore: each tier must start fewer minutesBefore than the one before',
      ),
    ).toEqual({
      index: 1,
      part: 'minutesBefore',
      text: 'Tier 2: must start fewer minutes before the show than the tier above it',
    });
    expect(tierProblem('cancellation.tiers.0.refundPercent: refundPercent must be from 0 to 100')).toEqual({
      index: 0,
      part: 'refundPercent',
      text: 'Tier 1: refund (%) must be from 0 to 100',
    });
    expect(tierProblem('cancellation.tiers: tiers has at most 10 tiers')).toBeNull();
  });

  it('sends the cancellation tiers as numbers, and names a refusal about them', () => {
    const values = toFormValues(settings);
    values.tiers[1]!.refundPercent = ' 25 ';
    values.tiers.push({ minutesBefore: 'ten', refundPercent: '0' });
    expect(toSettingsUpdate(values).cancellation?.tiers).toEqual([
      { minutesBefore: 120, refundPercent: 100 },
      { minutesBefore: 30, refundPercent: 25 },
      { minutesBefore: 'ten', refundPercent: 0 },
    ]);
    expect(fieldOfProblem('cancellation.tiers.2.minutesBefore: minutesBefore must be a whole number')).toBe(
      'cancellation.tiers',
    );
  });

  it('finds the control a refusal names', () => {
    expect(fieldOfProblem('cinema.gstin: Please enter a valid GSTIN')).toBe('cinema.gstin');
    expect(fieldOfProblem('tax.ticketSlabs: ticketSlabs: the last slab must have upTo null')).toBe(
      'tax.ticketSlabs',
    );
    expect(fieldOfProblem('Not authorized')).toBeNull();
  });
});
