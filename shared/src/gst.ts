import { z } from 'zod';
import { zonedDate } from './time.ts';

/**
 * GST on what the cinema sells (CONTRACT §10): the one home of the tax arithmetic. The booking,
 * the invoice, the credit notes, the reports and the client's "incl. GST" line all call these.
 *
 * Rounding rule, in integer paise, with `price` a line's total including GST (one ticket, or one
 * product × its quantity):
 *   taxable value = round(price × 100 / (100 + rate))   half a paisa rounds up
 *   GST           = price − taxable value
 *   CGST          = floor(GST / 2)
 *   SGST          = GST − CGST                          (the odd paisa, if any, goes to SGST)
 * so taxable value + CGST + SGST is always exactly the price. The arithmetic is exact (BigInt on
 * the rate in hundredths of a percent), never a float.
 */

/** A ticket slab: tickets priced up to `upTo` rupees (null: no bound) are taxed at `rate` %. */
export interface TaxSlab {
  upTo: number | null;
  rate: number;
}

/** GST from 22 Sep 2025: 5 % on tickets up to ₹100, 18 % above. */
export const defaultTicketSlabs: TaxSlab[] = [
  { upTo: 100, rate: 5 },
  { upTo: null, rate: 18 },
];
export const defaultFoodRate = 5;

export interface TaxedLine {
  /** The line's total, GST included, in paise. */
  price: number;
  rate: number;
  taxableValue: number;
  cgst: number;
  sgst: number;
}

/** A rate as an integer number of hundredths of a percent (18 → 1800, 12.5 → 1250). */
function rateInHundredths(rate: number): bigint {
  const hundredths = Math.round(rate * 100);
  if (!Number.isFinite(rate) || rate < 0 || Math.abs(hundredths - rate * 100) > 1e-6) {
    throw new RangeError(`A GST rate is a percent with at most two decimals, not ${rate}`);
  }
  return BigInt(hundredths);
}

/** Taxes one line by the rule above. `price` in whole paise, 0 or more. */
export function taxLine(price: number, rate: number): TaxedLine {
  if (!Number.isSafeInteger(price) || price < 0) throw new RangeError(`A price is whole paise, not ${price}`);
  const numerator = BigInt(price) * 10000n;
  const denominator = 10000n + rateInHundredths(rate);
  // round half up: floor((2n + d) / 2d)
  const taxableValue = Number((2n * numerator + denominator) / (2n * denominator));
  const gst = price - taxableValue;
  const cgst = Math.floor(gst / 2);
  return { price, rate, taxableValue, cgst, sgst: gst - cgst };
}

/**
 * The rate for one ticket: the first slab whose `upTo` (rupees) the ticket's price does not
 * exceed; a slab with `upTo: null` takes any price. Past every bound (slabs that all have one),
 * the last slab's rate.
 */
export function ticketRate(pricePaise: number, slabs: readonly TaxSlab[]): number {
  const slab = slabs.find((s) => s.upTo === null || pricePaise <= Math.round(s.upTo * 100));
  const chosen = slab ?? slabs[slabs.length - 1];
  if (!chosen) throw new RangeError('No ticket slabs');
  return chosen.rate;
}

/**
 * The prices of a credit note's lines: the invoice's line prices scaled to `refund` paise, each
 * line's share rounded down to the paisa, the remainder on the last line; the shares add up to
 * exactly `refund`. Tax them with `taxLine` at each line's own rate.
 */
export function scaleLinePrices(prices: readonly number[], refund: number): number[] {
  const total = prices.reduce((sum, p) => sum + p, 0);
  if (!Number.isSafeInteger(refund) || refund < 0 || refund > total) {
    throw new RangeError(`A refund is whole paise from 0 to ${total}, not ${refund}`);
  }
  return apportion(prices, refund);
}

/** `amount` paise shared in proportion to `weights`: each share rounded down, the rest on the last. */
function apportion(weights: readonly number[], amount: number): number[] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (weights.length === 0) return [];
  if (total === 0) return weights.map((_, i) => (i === weights.length - 1 ? amount : 0));
  const shares = weights.map((w) => Number((BigInt(w) * BigInt(amount)) / BigInt(total)));
  const last = shares.length - 1;
  shares[last] = amount - shares.slice(0, last).reduce((sum, s) => sum + s, 0);
  return shares;
}

export interface TaxTotals {
  taxableValue: number;
  cgst: number;
  sgst: number;
  total: number;
}

/** Sums taxed lines (paise). */
export function sumTaxedLines(lines: readonly TaxedLine[]): TaxTotals {
  return lines.reduce<TaxTotals>(
    (t, l) => ({
      taxableValue: t.taxableValue + l.taxableValue,
      cgst: t.cgst + l.cgst,
      sgst: t.sgst + l.sgst,
      total: t.total + l.price,
    }),
    { taxableValue: 0, cgst: 0, sgst: 0, total: 0 },
  );
}

/** The GST (paise) included in a set of priced lines: what "incl. GST ₹…" shows. */
export function includedGst(lines: readonly { price: number; rate: number }[]): number {
  const t = sumTaxedLines(lines.map((l) => taxLine(l.price, l.rate)));
  return t.cgst + t.sgst;
}

/**
 * The Indian financial year (April to March, in the cinema's time zone) an instant falls in, as
 * invoice numbers spell it: '2627' for April 2026 – March 2027.
 */
export function financialYear(instant: Date, timeZone: string): string {
  const [year, month] = zonedDate(instant, timeZone).split('-').map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  const two = (n: number) => String(n % 100).padStart(2, '0');
  return `${two(start)}${two(start + 1)}`;
}

/** 'MQ2627-000001': prefix, financial year, '-', six-digit serial (at most 16 characters). */
export function formatDocumentNumber(prefix: string, year: string, serial: number): string {
  return `${prefix}${year}-${String(serial).padStart(6, '0')}`;
}

/** Invoice prefixes: 1–5 upper-case letters or digits, so a number is at most 16 characters. */
export const invoicePrefixSchema = z
  .string()
  .regex(/^[A-Z0-9]{1,5}$/, 'Invoice prefix must be 1 to 5 capital letters or digits')
  .refine((p) => p !== 'CN', 'CN is the credit notes’ prefix');

const gstinCharset = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** GST state codes: 01–38, 97 (other territory), 99 (centre jurisdiction). */
export function isGstStateCode(code: string): boolean {
  if (!/^\d{2}$/.test(code)) return false;
  const n = Number(code);
  return (n >= 1 && n <= 38) || n === 97 || n === 99;
}

/**
 * The GSTIN check character: over the first 14 characters (values 0–35 in 0–9A–Z), weights 1, 2,
 * 1, 2, …; each product contributes its quotient and remainder by 36; the check is
 * (36 − sum mod 36) mod 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = gstinCharset.indexOf(first14[i] ?? '') * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return gstinCharset[(36 - (sum % 36)) % 36] ?? '';
}

/** A GSTIN: 15 characters, a valid state code, a PAN, and the right check character. */
export function isValidGstin(gstin: string): boolean {
  return (
    /^\d{2}[A-Z]{5}\d{4}[A-Z][0-9A-Z]{3}$/.test(gstin) &&
    isGstStateCode(gstin.slice(0, 2)) &&
    gstinCheckCharacter(gstin.slice(0, 14)) === gstin[14]
  );
}

export const invalidGstinMessage = 'Please enter a valid GSTIN';

/** A GSTIN as typed: surrounding spaces dropped, lower case accepted and upper-cased. */
export const gstinSchema = z
  .string({ error: invalidGstinMessage })
  .transform((s) => s.trim().toUpperCase())
  .refine(isValidGstin, invalidGstinMessage);

/** A GSTIN that may be left empty ('' stays ''): the cinema's own before it is registered. */
export const gstinOrEmptySchema = z
  .string({ error: invalidGstinMessage })
  .transform((s) => s.trim().toUpperCase())
  .refine((s) => s === '' || isValidGstin(s), invalidGstinMessage);

/** A buyer's optional GSTIN: left out, null or '' mean none. */
export const optionalGstinSchema = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  gstinSchema.optional(),
);

/**
 * The business a buyer's GSTIN is registered to, as a B2B invoice names the recipient: trimmed,
 * 2–100 characters; empty or null for none (the invoice then names the account holder).
 */
export const legalNameMessages = {
  notText: 'The business name is text',
  length: 'The business name is 2 to 100 characters',
} as const;
export const optionalLegalNameSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v) || undefined,
  z
    .string({ message: legalNameMessages.notText })
    .min(2, legalNameMessages.length)
    .max(100, legalNameMessages.length)
    .optional(),
);

/** A booking's tickets with the price and rate of each: the lines of its invoice. */
export interface TicketLine {
  seat: string;
  /** Paise, GST included. */
  price: number;
  rate: number;
}

/**
 * The lines of a booking's tickets: each seat at its class price, at the rate of the slab that
 * price falls in. Should the class prices no longer add up to what was charged (a show re-priced
 * after the hold), the seats' shares of the amount charged, scaled as a credit note is.
 */
export function ticketLines({
  seats,
  seatPrice,
  amountPaise,
  slabs,
}: {
  seats: readonly string[];
  /** A seat's class price in paise (undefined when unknown). */
  seatPrice: (seat: string) => number | undefined;
  amountPaise: number;
  slabs: readonly TaxSlab[];
}): TicketLine[] {
  const listed = seats.map((seat) => seatPrice(seat) ?? 0);
  const charged =
    listed.reduce((s, p) => s + p, 0) === amountPaise
      ? listed
      : apportion(listed.some((p) => p > 0) ? listed : seats.map(() => 1), amountPaise);
  return seats.map((seat, i) => ({ seat, price: charged[i]!, rate: ticketRate(charged[i]!, slabs) }));
}

/** The ticket slabs a booking was held under (its snapshot), or the defaults when it has none. */
export function heldSlabs(taxRates: unknown, fallback: readonly TaxSlab[] = defaultTicketSlabs): TaxSlab[] {
  const slabs = (taxRates as { ticketSlabs?: TaxSlab[] } | null)?.ticketSlabs;
  return Array.isArray(slabs) && slabs.length ? slabs : [...fallback];
}

/** A booking's food and drink (CONTRACT §12): one line per product, its quantity at its own rate. */
export interface ItemLine {
  name: string;
  quantity: number;
  /** Paise per unit, GST included. */
  unitPrice: number;
  /** Paise: the unit price × quantity, the price the line is taxed on. */
  price: number;
  rate: number;
}

/** The lines of a booking's items: each product × its quantity, taxed as one line at its rate. */
export function itemLines(
  items: readonly { name: string; quantity: number; unitPrice: number; rate: number }[],
): ItemLine[] {
  return items.map((item) => ({ ...item, price: item.unitPrice * item.quantity }));
}

/** What a booking's items cost altogether (paise): the part of its amount that is not tickets. */
export function itemsTotal(items: readonly { quantity: number; unitPrice: number }[]): number {
  return items.reduce((sum, item) => sum + item.unitPrice * item.quantity, 0);
}
