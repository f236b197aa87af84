import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  defaultTicketSlabs,
  financialYear,
  formatDocumentNumber,
  gstinCheckCharacter,
  gstinSchema,
  includedGst,
  isValidGstin,
  scaleLinePrices,
  sumTaxedLines,
  taxLine,
  ticketRate,
} from './gst.ts';

describe('taxLine (CONTRACT §10)', () => {
  it('splits a ₹100 ticket at 5 %: 95.24 taxable, 2.38 + 2.38', () => {
    // 10000 × 100 / 105 = 9523.8095… → 9524; GST 476 → 238 + 238
    expect(taxLine(10000, 5)).toEqual({ price: 10000, rate: 5, taxableValue: 9524, cgst: 238, sgst: 238 });
  });

  it('splits a ₹101 ticket at 18 %: 85.59 taxable, 7.70 + 7.71', () => {
    // 10100 × 100 / 118 = 8559.32… → 8559; GST 1541 → 770 + 771 (the odd paisa to SGST)
    expect(taxLine(10100, 18)).toEqual({ price: 10100, rate: 18, taxableValue: 8559, cgst: 770, sgst: 771 });
  });

  it('rounds half a paisa up', () => {
    // 21 × 100 / 105 = 20 exactly; 2.1 × 100 / 105: price 105 paise → 100; price 1 paisa at 100 % → 0.5 → 1
    expect(taxLine(1, 100).taxableValue).toBe(1);
    expect(taxLine(3, 100).taxableValue).toBe(2);
    expect(taxLine(105, 5).taxableValue).toBe(100);
  });

  it('taxes a zero price as zero and a zero rate as no GST', () => {
    expect(taxLine(0, 18)).toEqual({ price: 0, rate: 18, taxableValue: 0, cgst: 0, sgst: 0 });
    expect(taxLine(12345, 0)).toEqual({ price: 12345, rate: 0, taxableValue: 12345, cgst: 0, sgst: 0 });
  });

  it('takes fractional rates exactly (12.5 %)', () => {
    // 11250 × 10000 / 11250 = 10000
    expect(taxLine(11250, 12.5).taxableValue).toBe(10000);
  });

  it('refuses fractions of a paisa, negative prices and odd rates', () => {
    expect(() => taxLine(100.5, 5)).toThrow(RangeError);
    expect(() => taxLine(-1, 5)).toThrow(RangeError);
    expect(() => taxLine(100, -5)).toThrow(RangeError);
    expect(() => taxLine(100, 5.001)).toThrow(RangeError);
  });

  it('always adds up to the price, CGST never above SGST, and SGST at most one paisa more', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.constantFrom(0, 0.25, 3, 5, 12, 12.5, 18, 28, 40),
        (price, rate) => {
          const l = taxLine(price, rate);
          expect(l.taxableValue + l.cgst + l.sgst).toBe(price);
          expect(l.sgst - l.cgst).toBeGreaterThanOrEqual(0);
          expect(l.sgst - l.cgst).toBeLessThanOrEqual(1);
          expect(l.taxableValue).toBeGreaterThanOrEqual(0);
          // the taxable value is the nearest paisa to the exact value
          const exact = (price * 100) / (100 + rate);
          expect(Math.abs(l.taxableValue - exact)).toBeLessThanOrEqual(0.5 + 1e-9);
        },
      ),
    );
  });
});

describe('ticketRate', () => {
  it('puts ₹100.00 in the 5 % slab and ₹100.01 and ₹101 in the 18 % slab', () => {
    expect(ticketRate(10000, defaultTicketSlabs)).toBe(5);
    expect(ticketRate(10001, defaultTicketSlabs)).toBe(18);
    expect(ticketRate(10100, defaultTicketSlabs)).toBe(18);
    expect(ticketRate(0, defaultTicketSlabs)).toBe(5);
    expect(ticketRate(9999, defaultTicketSlabs)).toBe(5);
  });

  it('takes the first slab that fits, whatever follows', () => {
    const slabs = [
      { upTo: 50, rate: 0 },
      { upTo: 99.5, rate: 12 },
      { upTo: null, rate: 28 },
    ];
    expect(ticketRate(5000, slabs)).toBe(0);
    expect(ticketRate(5001, slabs)).toBe(12);
    expect(ticketRate(9950, slabs)).toBe(12);
    expect(ticketRate(9951, slabs)).toBe(28);
  });

  it('uses the last slab past every bound', () => {
    expect(ticketRate(20000, [{ upTo: 100, rate: 5 }])).toBe(5);
  });

  it('a ₹100 booking and a ₹101 booking differ to the paisa', () => {
    const at100 = taxLine(10000, ticketRate(10000, defaultTicketSlabs));
    const at101 = taxLine(10100, ticketRate(10100, defaultTicketSlabs));
    expect(at100.cgst + at100.sgst).toBe(476);
    expect(at101.cgst + at101.sgst).toBe(1541);
  });
});

describe('scaleLinePrices (credit notes)', () => {
  it('rounds each share down and puts the remainder on the last line', () => {
    // 1/3 of 100 each → 33, 33, 34
    expect(scaleLinePrices([10000, 10000, 10000], 10000)).toEqual([3333, 3333, 3334]);
    expect(scaleLinePrices([15000, 5000], 10001)).toEqual([7500, 2501]);
  });

  it('gives the whole lines back for a full refund and zeros for none', () => {
    expect(scaleLinePrices([15000, 5000, 1], 20001)).toEqual([15000, 5000, 1]);
    expect(scaleLinePrices([15000, 5000], 0)).toEqual([0, 0]);
    expect(scaleLinePrices([0, 0], 0)).toEqual([0, 0]);
    expect(scaleLinePrices([], 0)).toEqual([]);
  });

  it('refuses a refund above the total or in fractions', () => {
    expect(() => scaleLinePrices([100], 101)).toThrow(RangeError);
    expect(() => scaleLinePrices([100], 1.5)).toThrow(RangeError);
  });

  it('always sums to the refund; each share but the last is floored; the last carries under one paisa per line', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 12 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (prices, fraction) => {
          const total = prices.reduce((a, b) => a + b, 0);
          const refund = Math.floor(total * fraction);
          const shares = scaleLinePrices(prices, refund);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(refund);
          shares.forEach((s, i) => {
            expect(s).toBeGreaterThanOrEqual(0);
            if (i < shares.length - 1) {
              expect(s).toBeLessThanOrEqual(prices[i]!);
              if (total > 0) expect(s).toBe(Math.floor((prices[i]! * refund) / total));
            } else {
              // the remainder: the last line's exact share plus what flooring took off the others
              expect(s).toBeLessThanOrEqual(prices[i]! + shares.length - 1);
            }
          });
          // taxed by the same formula, the note's lines add up to the refund
          const taxed = sumTaxedLines(shares.map((s) => taxLine(s, 18)));
          expect(taxed.taxableValue + taxed.cgst + taxed.sgst).toBe(refund);
        },
      ),
    );
  });
});

describe('financialYear and document numbers', () => {
  it('runs April to March in the cinema’s time zone', () => {
    expect(financialYear(new Date('2026-04-01T00:00:00+05:30'), 'Asia/Kolkata')).toBe('2627');
    // 23:59 on 31 March in Kolkata (18:29 UTC) is still the old year
    expect(financialYear(new Date('2026-03-31T23:59:00+05:30'), 'Asia/Kolkata')).toBe('2526');
    // 20:00 UTC on 31 March is 1:30 on 1 April in Kolkata
    expect(financialYear(new Date('2026-03-31T20:00:00Z'), 'Asia/Kolkata')).toBe('2627');
    expect(financialYear(new Date('2026-03-31T20:00:00Z'), 'UTC')).toBe('2526');
    expect(financialYear(new Date('2099-12-31T12:00:00Z'), 'UTC')).toBe('9900');
  });

  it('spells MQ2627-000001, at most 16 characters', () => {
    expect(formatDocumentNumber('MQ', '2627', 1)).toBe('MQ2627-000001');
    expect(formatDocumentNumber('CN', '2627', 123456)).toBe('CN2627-123456');
    expect(formatDocumentNumber('ABCDE', '2627', 999999).length).toBe(16);
  });
});

describe('GSTIN', () => {
  it('accepts published GSTINs and computes their check character', () => {
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin('29AAGCB7383J1Z4')).toBe(true);
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
  });

  it('refuses a wrong check character, a bad state code, a wrong length or shape', () => {
    expect(isValidGstin('27AAPFU0939F1ZW')).toBe(false);
    expect(isValidGstin('00AAPFU0939F1Z' + gstinCheckCharacter('00AAPFU0939F1Z'))).toBe(false);
    expect(isValidGstin('39AAPFU0939F1Z' + gstinCheckCharacter('39AAPFU0939F1Z'))).toBe(false);
    expect(isValidGstin('97AAPFU0939F1Z' + gstinCheckCharacter('97AAPFU0939F1Z'))).toBe(true);
    expect(isValidGstin('27AAPFU0939F1Z')).toBe(false);
    expect(isValidGstin('27AAPFU0939F1ZVV')).toBe(false);
    expect(isValidGstin('2AAAPFU0939F1ZV')).toBe(false);
  });

  it('catches every single-character typo', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 14 }), fc.integer({ min: 1, max: 35 }), (at, shift) => {
        const good = '27AAPFU0939F1ZV';
        const chars = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
        const typo = chars[(chars.indexOf(good[at]!) + shift) % 36]!;
        expect(isValidGstin(good.slice(0, at) + typo + good.slice(at + 1))).toBe(false);
      }),
    );
  });

  it('upper-cases what it accepts and names the problem otherwise', () => {
    expect(gstinSchema.parse(' 27aapfu0939f1zv ')).toBe('27AAPFU0939F1ZV');
    const bad = gstinSchema.safeParse('27AAPFU0939F1ZW');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Please enter a valid GSTIN');
    expect(gstinSchema.safeParse(42).error?.issues[0]?.message).toBe('Please enter a valid GSTIN');
  });
});

describe('includedGst', () => {
  it('sums the GST of each line taxed on its own', () => {
    expect(
      includedGst([
        { price: 10000, rate: 5 },
        { price: 10100, rate: 18 },
      ]),
    ).toBe(476 + 1541);
  });
});
