import { z } from 'zod';
import { indianMobileSchema, optionalIndianMobileSchema } from './phone.ts';
import { FROM_AFTER_TO, instant, isoDateParam, isoDateText, ok, uuid } from './api.ts';
import { bookingSchema } from './bookings.ts';
import { messages } from './errors.ts';
import { itemsRequestSchema } from './food.ts';
import { optionalGstinSchema } from './gst.ts';
import { paiseToRupees, rupeesToPaise } from './money.ts';
import { counterPaymentMethods, counterRefundMethods, counterSaleMethods } from './statuses.ts';

// The box office (CONTRACT §11): shifts, counter sales and counter refunds. Amounts in rupees.

/** The exact words the contract gives the counter's refusals. */
export const boxOfficeMessages = {
  noShift: 'Open a shift first',
  shiftOpen: 'You already have an open shift',
  shiftClosed: 'This shift is closed',
  shortTender: 'Tendered cash is less than the total',
  needsReference: 'Card and UPI payments need a reference',
  compWithItems: 'A comp is for seats only: sell the food and drink as a sale of their own',
  itemsNeedSeats: 'Choose seats for the sale, or sell the food and drink on its own without a show',
  nothingToSell: 'Choose seats or food and drink to sell',
  alreadyRefunded: 'This booking has already been refunded',
  compsAdminsOnly: 'Only admins can give complimentary tickets',
} as const;

/** The most cash a drawer is counted to (₹10 lakh): a typo, not a float, beyond that. */
const MAX_CASH_RUPEES = 1_000_000;

/** An amount of cash in rupees (at most two decimals), named in its messages. */
const cash = (name: string) =>
  z
    .number({ message: `${name} is an amount in rupees` })
    .min(0, `${name} cannot be negative`)
    .max(MAX_CASH_RUPEES, `${name} is at most ₹${MAX_CASH_RUPEES}`)
    .refine((value) => {
      try {
        rupeesToPaise(value);
        return true;
      } catch {
        return false;
      }
    }, `${name} is in whole paise`);

/** POST /api/boxoffice/shifts */
export const openShiftRequest = z.object({
  openingFloat: cash('openingFloat').meta({ description: 'The cash in the drawer at the start (rupees)' }),
});
export type OpenShiftRequest = z.input<typeof openShiftRequest>;

/** POST /api/boxoffice/shifts/{id}/close */
export const closeShiftRequest = z.object({
  countedCash: cash('countedCash').meta({
    description: 'The cash counted in the drawer at the end (rupees)',
  }),
});
export type CloseShiftRequest = z.input<typeof closeShiftRequest>;

/**
 * A shift and its cash-up (rupees): sales before refunds, by method; `expectedCash` = float +
 * cash sales − cash refunds; `variance` = counted − expected (null while open).
 */
export const shiftSchema = z
  .object({
    _id: uuid,
    user: z.object({ _id: z.string(), name: z.string() }),
    openedAt: instant,
    closedAt: instant.nullable(),
    openingFloat: z.number(),
    cashSales: z.number(),
    cardSales: z.number(),
    upiSales: z.number(),
    cashRefunds: z.number(),
    cardRefunds: z.number(),
    upiRefunds: z.number(),
    expectedCash: z.number(),
    countedCash: z.number().nullable(),
    variance: z.number().nullable(),
    tickets: z.number().int().meta({ description: 'Tickets sold in the shift (comps included)' }),
    items: z.number().int().meta({ description: 'Food and drink units sold in the shift' }),
    comps: z.number().int().meta({ description: 'Complimentary tickets given in the shift' }),
  })
  .meta({ id: 'Shift' });
export type Shift = z.infer<typeof shiftSchema>;
export const shiftResponse = ok({ shift: shiftSchema });
export type ShiftResponse = z.infer<typeof shiftResponse>;
export const currentShiftResponse = ok({ shift: shiftSchema.nullable() });
export type CurrentShiftResponse = z.infer<typeof currentShiftResponse>;

/** At most a quarter: the shifts list is a manager's look back, not the whole history at once. */
export const MAX_SHIFT_DAYS = 92;
/** A week: `from` alone lists the week from it, `to` alone the week to it, neither the week to today. */
export const DEFAULT_SHIFT_DAYS = 7;

/** GET /api/boxoffice/shifts: the shifts opened on the cinema days `from`–`to`. */
export const shiftsQuery = z
  .object({
    from: isoDateParam('from').optional(),
    to: isoDateParam('to').optional(),
    format: z.enum(['json', 'csv'], { message: 'format is json or csv' }).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: FROM_AFTER_TO })
  .refine((q) => !q.from || !q.to || (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < MAX_SHIFT_DAYS, {
    message: `The list covers at most ${MAX_SHIFT_DAYS} days`,
  });
export type ShiftsQuery = z.input<typeof shiftsQuery>;

/** The money of a list of shifts added up (rupees): variance and counted cash over closed shifts only. */
export const shiftTotalsSchema = shiftSchema
  .omit({ _id: true, user: true, openedAt: true, closedAt: true })
  .extend({
    countedCash: z.number(),
    variance: z.number().meta({ description: 'Counted − expected, over the closed shifts' }),
  })
  .meta({ id: 'ShiftTotals' });
export type ShiftTotals = z.infer<typeof shiftTotalsSchema>;

export const shiftsResponse = ok({
  from: isoDateText,
  to: isoDateText,
  shifts: z
    .array(shiftSchema)
    .meta({ description: 'The latest first: every cashier’s for an admin, one’s own for staff' }),
  totals: shiftTotalsSchema,
}).meta({ id: 'ShiftsResponse' });
export type ShiftsResponse = z.infer<typeof shiftsResponse>;

/** Adds up shifts' money (rupees), in paise so that no rupee fraction drifts. */
export function shiftTotals(shifts: readonly Shift[]): ShiftTotals {
  const closed = shifts.filter((shift) => shift.closedAt !== null);
  const money = (of: readonly Shift[], pick: (shift: Shift) => number | null) =>
    paiseToRupees(of.reduce((sum, shift) => sum + rupeesToPaise(pick(shift) ?? 0), 0));
  const units = (pick: (shift: Shift) => number) => shifts.reduce((sum, shift) => sum + pick(shift), 0);
  return {
    openingFloat: money(shifts, (s) => s.openingFloat),
    cashSales: money(shifts, (s) => s.cashSales),
    cardSales: money(shifts, (s) => s.cardSales),
    upiSales: money(shifts, (s) => s.upiSales),
    cashRefunds: money(shifts, (s) => s.cashRefunds),
    cardRefunds: money(shifts, (s) => s.cardRefunds),
    upiRefunds: money(shifts, (s) => s.upiRefunds),
    expectedCash: money(shifts, (s) => s.expectedCash),
    countedCash: money(closed, (s) => s.countedCash),
    variance: money(closed, (s) => s.variance),
    tickets: units((s) => s.tickets),
    items: units((s) => s.items),
    comps: units((s) => s.comps),
  };
}

const optionalText = (name: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string({ message: `${name} must be text` })
      .trim()
      .max(max, `${name} must be at most ${max} characters`)
      .optional(),
  );

/** The customer at the counter, all optional: who to call, and the GSTIN for the invoice (§10). */
export const counterCustomerSchema = z.object({
  name: optionalText('The customer’s name', 100),
  phone: optionalIndianMobileSchema,
  email: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.email({ message: 'Please enter a valid email address' }).max(254).optional(),
  ),
  gstin: optionalGstinSchema,
});

export const counterPaymentSchema = z.object({
  method: z.enum(counterPaymentMethods, { message: "payment.method is 'cash', 'card' or 'upi'" }),
  tendered: cash('payment.tendered')
    .optional()
    .meta({ description: 'Cash handed over (rupees); left out, the exact amount' }),
  reference: optionalText('payment.reference', 64).meta({
    description: 'The card terminal’s or UPI app’s reference (needed for card and UPI)',
  }),
});

/** POST /api/boxoffice/sales (CONTRACT §11). */
export const counterSaleRequest = z
  .object({
    showId: z.string({ message: 'showId is required' }).trim().min(1, 'showId is required').optional(),
    selectedSeats: z
      .array(z.string().trim().max(10, 'Invalid seat'), { message: messages.noSeats })
      .max(50, messages.maxSeats)
      .optional(),
    items: itemsRequestSchema
      .optional()
      .meta({ description: 'Food and drink (CONTRACT §12), sold with the seats, stock claimed with them' }),
    payment: counterPaymentSchema.optional(),
    customer: counterCustomerSchema.optional(),
    complimentary: z
      .boolean({ message: 'complimentary is true or false' })
      .optional()
      .meta({ description: 'Admins only: the seats at ₹0, no payment' }),
  })
  .meta({
    examples: [
      {
        showId: '0b7f7e9c-2c1e-4c43-9a55-6f1d7f2b8a10',
        selectedSeats: ['F6', 'F7'],
        payment: { method: 'cash', tendered: 500 },
      },
    ],
  });
export type CounterSaleRequest = z.input<typeof counterSaleRequest>;

/** How a counter booking was sold, for the counter's screens and the receipt. */
export const counterSaleSchema = z
  .object({
    method: z.enum(counterSaleMethods),
    amount: z.number(),
    tendered: z.number().nullable(),
    change: z.number().nullable(),
    paymentReference: z.string().nullable(),
    customer: z.object({
      name: z.string().nullable(),
      phone: z.string().nullable(),
      email: z.string().nullable(),
    }),
    seller: z.object({ _id: z.string(), name: z.string() }),
    shiftId: uuid,
    soldAt: instant,
  })
  .meta({ id: 'CounterSale' });
export type CounterSale = z.infer<typeof counterSaleSchema>;

export const counterSaleResponse = ok({
  booking: bookingSchema,
  change: z.number().meta({ description: 'Cash to hand back (rupees); 0 for card, UPI and comps' }),
  sale: counterSaleSchema,
});
export type CounterSaleResponse = z.infer<typeof counterSaleResponse>;

/** POST /api/boxoffice/refunds */
export const counterRefundRequest = z.object({
  bookingId: z.string({ message: 'bookingId is required' }).trim().min(1, 'bookingId is required'),
  reason: z
    .string({ message: 'Please give a reason' })
    .trim()
    .min(1, 'Please give a reason')
    .max(200, 'The reason must be at most 200 characters'),
  refundAmount: cash('refundAmount').optional().meta({
    description:
      'Rupees, 0 up to what was paid; left out, all of it for a counter sale, the cancellation policy’s amount for an online booking',
  }),
});
export type CounterRefundRequest = z.input<typeof counterRefundRequest>;

export const counterRefundResponse = ok({
  booking: bookingSchema,
  refund: z.object({
    method: z
      .enum([...counterRefundMethods, 'comp'])
      .meta({ description: 'comp: a complimentary booking, nothing paid back' }),
    amount: z.number(),
    status: z
      .string()
      .meta({ description: 'succeeded at the counter; an online refund may still be pending' }),
  }),
});
export type CounterRefundResponse = z.infer<typeof counterRefundResponse>;

/** GET /api/boxoffice/bookings/{reference} */
export const counterBookingResponse = ok({
  booking: bookingSchema,
  sale: counterSaleSchema
    .nullable()
    .meta({ description: 'How it was sold at the counter; null for online bookings' }),
  refundOwed: z.number().nullable().meta({
    description:
      'Rupees a counter sale is owed and not yet paid back (a show the cinema cancelled): POST /api/boxoffice/refunds pays it out in the shift',
  }),
});
export type CounterBookingResponse = z.infer<typeof counterBookingResponse>;

/** GET /api/boxoffice/bookings?phone=: a mobile number, typed any way (+91, spaces, a leading 0). */
export const counterPhoneQuery = z.object({ phone: indianMobileSchema });
export const counterBookingsResponse = ok({
  bookings: z.array(bookingSchema).meta({ description: 'Newest first, at most 20' }),
});
export type CounterBookingsResponse = z.infer<typeof counterBookingsResponse>;
