import { describe, expect, it } from 'vitest';
import { formatPaise, formatRupees, paiseToRupees, rupeesToPaise } from './money.ts';

describe('money', () => {
  it('converts between rupees and paise exactly', () => {
    expect(rupeesToPaise(199.99)).toBe(19_999);
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30);
    expect(paiseToRupees(19_999)).toBe(199.99);
    expect(() => rupeesToPaise(1.005)).toThrow(RangeError);
  });

  it('groups digits the Indian way', () => {
    expect(formatRupees(123456)).toBe('₹1,23,456');
    expect(formatRupees(10000000)).toBe('₹1,00,00,000');
    expect(formatRupees(0)).toBe('₹0');
    expect(formatRupees(-0)).toBe('₹0');
    expect(formatRupees(-3748)).toBe('−₹3,748');
    expect(formatPaise(-19_950)).toBe('−₹199.50');
  });

  it('shows paise with two decimals, and whole rupees with none', () => {
    expect(formatRupees(199.5)).toBe('₹199.50');
    expect(formatRupees(199.05)).toBe('₹199.05');
    expect(formatRupees(123456.7)).toBe('₹1,23,456.70');
    expect(formatRupees(250)).toBe('₹250');
    expect(formatRupees(0.5)).toBe('₹0.50');
  });

  it('keeps two decimals on whole rupees in accounts, so a column of tax figures lines up', () => {
    expect(formatRupees(1483, 'accounts')).toBe('₹1,483.00');
    expect(formatRupees(1483.02, 'accounts')).toBe('₹1,483.02');
    expect(formatRupees(-20185, 'accounts')).toBe('−₹20,185.00');
    expect(formatRupees(0, 'accounts')).toBe('₹0.00');
  });
});

describe('formatPaise', () => {
  it('shows paise as rupees, whole or with two decimals', () => {
    expect(formatPaise(12345600)).toBe('₹1,23,456');
    expect(formatPaise(19950)).toBe('₹199.50');
    expect(formatPaise(30)).toBe('₹0.30');
  });
});
