import { z } from 'zod';
import { cancellationSettingsSchema } from './cancellation.ts';
import { gstinOrEmptySchema, invoicePrefixSchema, isGstStateCode, type TaxSlab } from './gst.ts';

/**
 * The cinema's settings (CONTRACT §10): `GET`/`PUT /api/admin/settings`. Each section is one
 * object; a PUT sends any part of any section, and the whole result is checked again.
 * Later issues add sections (cancellation, waitlist, reports) beside these.
 */

const text = (label: string, max: number) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, `${label} is at most ${max} characters`);

const rate = (label: string) =>
  z
    .number({ message: `${label} must be a number` })
    .min(0, `${label} must be from 0 to 100`)
    .max(100, `${label} must be from 0 to 100`)
    .refine((n) => Number.isInteger(Math.round(n * 100)) && Math.abs(Math.round(n * 100) - n * 100) < 1e-6, {
      message: `${label} has at most two decimals`,
    });

export const cinemaSettingsSchema = z
  .strictObject({
    name: text('Name', 100).min(1, 'Name is required'),
    legalName: text('Legal name', 200),
    address: text('Address', 300),
    phone: text('Phone', 40),
    hours: text('Hours', 200),
    /** Empty until the cinema is registered; invoices print it once set. */
    gstin: gstinOrEmptySchema,
    stateCode: z
      .string({ message: 'State code must be two digits' })
      .trim()
      .refine((c) => c === '' || isGstStateCode(c), 'State code must be a GST state code such as 29'),
    sac: z
      .string({ message: 'SAC must be digits' })
      .trim()
      .regex(/^\d{4,8}$/, 'SAC must be 4 to 8 digits'),
  })
  .superRefine((c, ctx) => {
    if (c.gstin && c.stateCode && c.gstin.slice(0, 2) !== c.stateCode) {
      ctx.addIssue({ code: 'custom', path: ['gstin'], message: 'The GSTIN must begin with the state code' });
    }
  });
export type CinemaSettings = z.infer<typeof cinemaSettingsSchema>;

const slabSchema = z.strictObject({
  upTo: z
    .number({ message: 'upTo must be a number of rupees or null' })
    .positive('upTo must be more than 0')
    .max(1_000_000, 'upTo is at most 1000000')
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'upTo is whole paise')
    .nullable(),
  rate: rate('rate'),
});

export const taxSettingsSchema = z.strictObject({
  ticketSlabs: z
    .array(slabSchema, { message: 'ticketSlabs must be a list' })
    .min(1, 'ticketSlabs needs at least one slab')
    .max(10, 'ticketSlabs has at most 10 slabs')
    .superRefine((slabs: TaxSlab[], ctx) => {
      const last = slabs[slabs.length - 1];
      if (last && last.upTo !== null)
        ctx.addIssue({ code: 'custom', message: 'ticketSlabs: the last slab must have upTo null' });
      slabs.slice(0, -1).forEach((s, i) => {
        const next = slabs[i + 1]!;
        if (s.upTo === null || (next.upTo !== null && next.upTo <= s.upTo))
          ctx.addIssue({
            code: 'custom',
            message: 'ticketSlabs: each upTo must be higher than the one before',
          });
      });
    }),
  foodRate: rate('foodRate'),
  invoicePrefix: invoicePrefixSchema,
});
export type TaxSettings = z.infer<typeof taxSettingsSchema>;

/** The waiting list (CONTRACT §13): how long an offer's seats are held for its buyer to pay. */
export const waitlistSettingsSchema = z.strictObject({
  offerMinutes: z
    .number({ message: 'offerMinutes must be a number of minutes' })
    .int('offerMinutes must be whole minutes')
    .min(1, 'offerMinutes must be from 1 to 120')
    .max(120, 'offerMinutes must be from 1 to 120'),
});
export type WaitlistSettings = z.infer<typeof waitlistSettingsSchema>;
export const defaultWaitlistSettings: WaitlistSettings = { offerMinutes: 15 };
/** The daily report email (CONTRACT §14): when (24-hour, the cinema's zone) and to whom; null: off. */
export const dailyEmailSchema = z
  .strictObject({
    at: z
      .string({ message: 'at must be a time HH:mm' })
      .trim()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'at must be a 24-hour time HH:mm, such as 23:30'),
    to: z
      .array(
        z
          .string({ message: 'to must be email addresses' })
          .trim()
          .toLowerCase()
          .email('to must be email addresses'),
        {
          message: 'to must be a list of email addresses',
        },
      )
      .min(1, 'to needs at least one email address')
      .max(20, 'to has at most 20 email addresses'),
  })
  .nullable();
export type DailyEmailSettings = z.infer<typeof dailyEmailSchema>;

export const reportsSettingsSchema = z.strictObject({ dailyEmail: dailyEmailSchema });
export type ReportsSettings = z.infer<typeof reportsSettingsSchema>;
export const defaultReportsSettings: ReportsSettings = { dailyEmail: null };

export const settingsSchema = z.object({
  cinema: cinemaSettingsSchema,
  tax: taxSettingsSchema,
  waitlist: waitlistSettingsSchema,
  cancellation: cancellationSettingsSchema,
  reports: reportsSettingsSchema,
});
export type Settings = z.infer<typeof settingsSchema>;

/** A PUT: any keys of any section; an unknown section or key is refused by name. */
export const settingsUpdateSchema = z.strictObject(
  {
    cinema: z.strictObject(cinemaSettingsSchema.shape).partial().optional(),
    tax: taxSettingsSchema.partial().optional(),
    waitlist: waitlistSettingsSchema.partial().optional(),
    cancellation: cancellationSettingsSchema.partial().optional(),
    reports: reportsSettingsSchema.partial().optional(),
  },
  { message: 'Settings must be an object' },
);
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;

export const settingsResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  settings: settingsSchema,
});
export type SettingsResponse = z.infer<typeof settingsResponse>;
