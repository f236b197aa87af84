import { z } from 'zod';

/**
 * An Indian mobile number (CONTRACT §2, §11): +91 and 10 digits, the first 6 to 9. People write
 * it with spaces, hyphens, a leading 0 or without the +91; all of those are the same number,
 * kept as `+91XXXXXXXXXX` so the counter's lookup finds it however it was typed.
 */
export const indianPhoneMessage = 'Please enter a mobile number as +91 and 10 digits';

const canonical = /^\+91[6-9]\d{9}$/;

/** The number as kept (`+919876543210`), or null when `text` is not an Indian mobile number. */
export function normaliseIndianMobile(text: string): string | null {
  let digits = text.replace(/[\s\-().]/g, '');
  if (/^0[6-9]\d{9}$/.test(digits)) digits = digits.slice(1);
  else if (/^91[6-9]\d{9}$/.test(digits)) digits = `+${digits}`;
  else if (/^0091[6-9]\d{9}$/.test(digits)) digits = `+${digits.slice(2)}`;
  if (/^[6-9]\d{9}$/.test(digits)) digits = `+91${digits}`;
  return canonical.test(digits) ? digits : null;
}

/** '+91 98765 43210': how a kept number is read aloud and printed. */
export function formatIndianMobile(phone: string): string {
  return canonical.test(phone) ? `+91 ${phone.slice(3, 8)} ${phone.slice(8)}` : phone;
}

/** A mobile number, typed any of the ways people write one, kept as +91 and 10 digits. */
export const indianMobileSchema = z.string({ message: indianPhoneMessage }).transform((s, context) => {
  const phone = normaliseIndianMobile(s);
  if (phone === null) {
    context.addIssue({ code: 'custom', message: indianPhoneMessage });
    return z.NEVER;
  }
  return phone;
});

/** A mobile number that may be left out: blank is left out, anything else must be one. */
export const optionalIndianMobileSchema = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  indianMobileSchema.optional(),
);

/**
 * The account's mobile number on sign-up and the profile: a number, or null / blank to remove it.
 * Left out (undefined) changes nothing.
 */
export const accountPhoneSchema = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  indianMobileSchema.nullable().optional(),
);
