import { z } from 'zod';
import { instant, ok, uuid } from './api.ts';
import { bookingSchema } from './bookings.ts';
import { movieSchema } from './catalogue.ts';
import { invoiceSchema } from './invoices.ts';
import { waitlistEntrySchema } from './waitlist.ts';

/**
 * A buyer's own data (CONTRACT §2; the Digital Personal Data Protection Act, 2023): what the cinema
 * holds about them, and closing the account. docs/privacy.md says what is kept and why.
 */

export const privacyMessages = {
  passwordRequired: 'Please enter your password to confirm',
  futurePaid:
    'You have paid bookings for shows still to come. Cancel them first (My Bookings), or delete your account after the shows.',
  staff: 'Staff and admin accounts cannot be deleted here: ask an admin to remove your role first',
  pendingMeanwhile: 'A booking was made while your account was being deleted. Please try again.',
  deleted: 'Your account has been deleted',
} as const;

/** DELETE /api/user: the password confirms it is the account's owner. */
export const deleteAccountRequest = z
  .object({
    password: z
      .string({ message: privacyMessages.passwordRequired })
      .min(1, privacyMessages.passwordRequired)
      .max(128, 'Password must be at most 128 characters'),
  })
  .meta({ examples: [{ password: 'correct-horse-9' }] });
export type DeleteAccountRequest = z.input<typeof deleteAccountRequest>;
export const deleteAccountResponse = ok({});

/** The account as the export gives it. */
export const exportedAccountSchema = z.object({
  id: uuid,
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  phone: z.string().nullable(),
  role: z.string(),
  createdAt: instant,
  updatedAt: instant,
});

/** GET /api/user/export: everything the cinema holds about the caller, as JSON. */
export const dataExportResponse = ok({
  exportedAt: instant,
  account: exportedAccountSchema,
  signInMethods: z
    .array(z.object({ provider: z.string(), createdAt: instant }))
    .meta({ description: 'How the account signs in (email and password, or a hosted provider); no secrets' }),
  sessions: z
    .array(
      z.object({
        createdAt: instant,
        expiresAt: instant,
        ipAddress: z.string().nullable(),
        userAgent: z.string().nullable(),
      }),
    )
    .meta({ description: 'Devices signed in now (no tokens)' }),
  bookings: z.array(bookingSchema).meta({ description: 'Every booking, cancelled and expired ones too' }),
  favourites: z.array(movieSchema),
  waitlist: z.array(waitlistEntrySchema),
  invoices: z.array(invoiceSchema).meta({ description: 'The tax invoices of paid bookings' }),
  activity: z
    .array(
      z.object({ action: z.string(), entityType: z.string(), entityId: z.string().nullable(), at: instant }),
    )
    .meta({ description: "The audit log's entries of what this account did" }),
}).meta({ id: 'DataExport' });
export type DataExport = z.infer<typeof dataExportResponse>;
