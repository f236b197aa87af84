import { describe, expect, it } from 'vitest';
import { lastFourDigits, telHref } from './buyer-phone.ts';

describe("the buyer's mobile number at the door", () => {
  it('shows only the last four digits', () => {
    expect(lastFourDigits('+919876543210')).toBe('3210');
    expect(lastFourDigits('+91 98765 40007')).toBe('0007');
  });

  it('dials the whole number', () => {
    expect(telHref('+919876543210')).toBe('tel:+919876543210');
    expect(telHref('+91 98765 43210')).toBe('tel:+919876543210');
  });
});
