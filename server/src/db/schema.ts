import { sql, type SQL } from 'drizzle-orm';
import {
  bookingChannels,
  bookingStatuses,
  paymentStatuses,
  refundStatuses,
  MAX_TOTAL_SEATS,
  type BookingChannel,
  type BookingStatus,
  type Layout,
  type PaymentStatus,
  type RefundStatus,
} from '@marquee/shared';
import {
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  type PgColumn,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** `column in ('a', 'b', …)`: a status check written from its one list (shared/src/statuses.ts). */
const isOneOf = (column: PgColumn, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`;

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------------------------------------
// better-auth's four tables (user, session, account, verification), written by hand because its
// schema CLI needs Node 22. Columns follow better-auth 1.7 with the admin plugin's additions.
// ---------------------------------------------------------------------------------------------

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  role: text('role').notNull().default('user'),
  banned: boolean('banned').default(false),
  banReason: text('ban_reason'),
  banExpires: timestamp('ban_expires', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    impersonatedBy: text('impersonated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('accounts_user_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

// ---------------------------------------------------------------------------------------------
// The catalogue
// ---------------------------------------------------------------------------------------------

export const movies = pgTable(
  'movies',
  {
    id: uuid('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    year: text('year').notNull(),
    rated: text('rated').notNull().default(''),
    released: text('released').notNull().default(''),
    runtime: text('runtime').notNull().default(''),
    genre: text('genre').notNull().default(''),
    director: text('director').notNull().default(''),
    writer: text('writer').notNull().default(''),
    actors: text('actors').notNull().default(''),
    plot: text('plot').notNull().default(''),
    language: text('language').notNull().default(''),
    country: text('country').notNull().default(''),
    awards: text('awards').notNull().default(''),
    poster: text('poster').notNull().default(''),
    /** Out of 10, one decimal; null when unrated ('N/A' on the detail page). */
    rating: doublePrecision('rating'),
    trailerLink: text('trailer_link'),
    isFeatured: boolean('is_featured').notNull().default(false),
    /** False once retired: hidden from buyers, no new shows or bookings (migration 0010). */
    active: boolean('active').notNull().default(true),
    /** The distributor's share of net takings, a percent 0–100 with two decimals (migration 0018). */
    distributorSharePercent: numeric('distributor_share_percent', { precision: 5, scale: 2, mode: 'number' })
      .notNull()
      .default(50),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('movies_distributor_share_range', sql`${t.distributorSharePercent} between 0 and 100`)],
);

/** A screen and its layout (CONTRACT §7); shows keep a snapshot of the layout they were made with. */
export const screens = pgTable(
  'screens',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    layout: jsonb('layout').$type<Layout>().notNull(),
    /** False once retired: no new shows on it; shows made before go on (migration 0010). */
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('screens_name_uq').on(sql`lower(${t.name})`)],
);

export const shows = pgTable(
  'shows',
  {
    id: uuid('id').primaryKey(),
    movieId: uuid('movie_id')
      .notNull()
      .references(() => movies.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    pricePaise: integer('price_paise').notNull(),
    /** The seats of the layout snapshot; `pricePaise` is its lowest class price. */
    totalSeats: integer('total_seats').notNull(),
    screenId: uuid('screen_id')
      .notNull()
      .references(() => screens.id),
    /** The screen's name when the show was made: what tickets and emails print. */
    screenName: text('screen_name').notNull(),
    /** The screen's layout when the show was made: later edits of the screen never change it. */
    layout: jsonb('layout').$type<Layout>().notNull(),
    /** Class → paise. */
    prices: jsonb('prices').$type<Record<string, number>>().notNull(),
    /** Start + runtime + CLEANING_MINUTES; the exclusion constraint keeps a screen's shows apart. */
    screenFreeAt: timestamp('screen_free_at', { withTimezone: true }),
    /** 'active' or 'cancelled'; 'sold-out' is derived from the seats actually held and sold. */
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('shows_price_positive', sql`${t.pricePaise} >= 100`),
    check('shows_total_seats_range', sql`${t.totalSeats} between 1 and ${sql.raw(String(MAX_TOTAL_SEATS))}`),
    check('shows_status_known', sql`${t.status} in ('active', 'cancelled')`),
    // One live show per movie per start time: the time-slot rule, arbitrated by the database.
    uniqueIndex('shows_movie_slot_live_uq')
      .on(t.movieId, t.startsAt)
      .where(sql`${t.status} = 'active'`),
    index('shows_starts_at_idx').on(t.startsAt),
    index('shows_screen_idx').on(t.screenId, t.startsAt),
    // shows_screen_no_overlap (migration 0007) is an exclusion constraint drizzle cannot declare.
  ],
);

// ---------------------------------------------------------------------------------------------
// Bookings, their seats, payments and refunds
// ---------------------------------------------------------------------------------------------

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    showId: uuid('show_id')
      .notNull()
      .references(() => shows.id),
    /** The seats as booked, kept whatever happens to the claims. */
    seats: text('seats').array().notNull(),
    amountPaise: integer('amount_paise').notNull(),
    status: text('status').$type<BookingStatus>().notNull().default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    /** What the buyer reads aloud or types at the door (CONTRACT §6); drawn by the database. */
    reference: text('reference')
      .notNull()
      .default(sql`marquee_booking_reference()`),
    /** When and by whom the booking was admitted at the door (null until then). */
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkedInBy: text('checked_in_by').references(() => users.id),
    /**
     * The tax settings in force when the booking was made, what its invoice uses: filled by the
     * trigger in db/sql/marquee_booking_tax_rates.sql in the statement that inserts it.
     */
    taxRates: jsonb('tax_rates').$type<Record<string, unknown>>(),
    /** The buyer's GSTIN, given with the booking (printed on the invoice). */
    buyerGstin: text('buyer_gstin'),
    /** Where it was sold (shared/src/statuses.ts): online, at the counter, or a waiting-list offer. */
    channel: text('channel').$type<BookingChannel>().notNull().default('online'),
    /** A comp: given free at the counter by an admin (amount 0, counted apart in reports). */
    complimentary: boolean('complimentary').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('bookings_status_known', isOneOf(t.status, bookingStatuses)),
    check('bookings_channel_known', isOneOf(t.channel, bookingChannels)),
    check(
      'bookings_amount_positive',
      sql`${t.amountPaise} > 0 or (${t.complimentary} and ${t.amountPaise} >= 0)`,
    ),
    index('bookings_user_idx').on(t.userId, t.createdAt),
    index('bookings_show_idx').on(t.showId),
    index('bookings_show_paid_idx')
      .on(t.showId)
      .where(sql`${t.status} = 'paid'`),
    index('bookings_pending_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    index('bookings_user_pending_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex('bookings_reference_uq').on(t.reference),
    index('bookings_checked_in_idx')
      .on(t.checkedInAt)
      .where(sql`${t.checkedInAt} is not null`),
  ],
);

/**
 * One row per seat a booking claims. `is_live` is true while the booking holds or owns the seat;
 * the partial unique index below is the guard that no seat is ever held or sold twice.
 */
export const bookingSeats = pgTable(
  'booking_seats',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    showId: uuid('show_id')
      .notNull()
      .references(() => shows.id),
    seat: text('seat').notNull(),
    isLive: boolean('is_live').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.bookingId, t.seat] }),
    uniqueIndex('booking_seats_live_uq')
      .on(t.showId, t.seat)
      .where(sql`${t.isLive}`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    gateway: text('gateway').notNull(),
    /** The gateway's own id for this payment (checkout session, sandbox intent). */
    gatewayRef: text('gateway_ref').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('open'),
    paymentUrl: text('payment_url'),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('payments_status_known', isOneOf(t.status, paymentStatuses)),
    uniqueIndex('payments_gateway_ref_uq').on(t.gateway, t.gatewayRef),
    index('payments_booking_idx').on(t.bookingId),
  ],
);

/**
 * Refunds owed, as an outbox: recorded in the transaction of the change that owes them, carried
 * out by the refund worker (features/payments/refund-worker.ts) until the gateway confirms.
 * `payment_id` is null for a captured payment that matched no booking.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey(),
    paymentId: uuid('payment_id').references(() => payments.id),
    gateway: text('gateway').notNull(),
    /** The gateway's id of the payment to refund (checkout session, sandbox intent). */
    paymentRef: text('payment_ref').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    reason: text('reason').notNull(),
    /** The gateway's id of the refund, once it confirmed it. */
    gatewayRef: text('gateway_ref'),
    status: text('status').$type<RefundStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When the worker may next try (null once settled); a claim pushes it out by a lease. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    /** Sent with the gateway call; changed after an error (gateways replay a key's first answer). */
    idempotencyKey: text('idempotency_key').notNull(),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('refunds_status_known', isOneOf(t.status, refundStatuses)),
    // A payment is refunded at most once.
    uniqueIndex('refunds_payment_uq').on(t.paymentId),
    uniqueIndex('refunds_gateway_payment_uq').on(t.gateway, t.paymentRef),
    index('refunds_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** Gateway events already handled: replays and duplicates are recognised here. */
export const gatewayEvents = pgTable(
  'gateway_events',
  {
    gateway: text('gateway').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gateway, t.eventId] })],
);

// ---------------------------------------------------------------------------------------------
// Favourites and the audit log
// ---------------------------------------------------------------------------------------------

export const favourites = pgTable(
  'favourites',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    movieId: uuid('movie_id')
      .notNull()
      .references(() => movies.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.movieId] })],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: text('actor_id'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
);

/** Attempts per key per fixed one-minute window: sign-in and sign-up limits shared by every process. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limits_window_idx').on(t.windowStart)],
);

/** Secrets the app generated for itself, shared by every process on this database. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
/**
 * Emails waiting to be sent (CONTRACT §6), written in the same transaction as the change they
 * tell of; the worker in features/email sends them after commit, retrying with backoff.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    /** One event, one email: a second enqueue of the same event changes nothing. */
    dedupeKey: text('dedupe_key').notNull(),
    bookingId: uuid('booking_id').references(() => bookings.id),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When it is next due; while a worker sends it, the end of that worker's lease. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check('email_outbox_status_known', sql`${t.status} in ('pending', 'sent', 'failed')`),
    uniqueIndex('email_outbox_dedupe_uq').on(t.dedupeKey),
    index('email_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Settings, tax invoices and credit notes (migration 0012, CONTRACT §10)
// ---------------------------------------------------------------------------------------------

/** One row per settings section (`cinema`, `tax`, …): what admins change at run time. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  updatedAt: updatedAt(),
});

/** The last serial issued per series and financial year; claimed by an upsert (gapless). */
export const documentCounters = pgTable(
  'document_counters',
  {
    series: text('series').notNull(),
    financialYear: text('financial_year').notNull(),
    lastSerial: integer('last_serial').notNull(),
  },
  (t) => [primaryKey({ name: 'document_counters_pk', columns: [t.series, t.financialYear] })],
);

/** One line of an invoice or credit note, amounts in paise. */
export interface DocumentLine {
  description: string;
  sac: string;
  quantity: number;
  unitPrice: number;
  rate: number;
  taxableValue: number;
  cgst: number;
  sgst: number;
  total: number;
}

/** The seller as printed on an invoice when it was issued. */
export interface InvoiceSeller {
  name: string;
  legalName: string;
  address: string;
  gstin: string;
  stateCode: string;
}

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey(),
    number: text('number').notNull(),
    financialYear: text('financial_year').notNull(),
    serial: integer('serial').notNull(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    paymentId: uuid('payment_id').references(() => payments.id),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    seller: jsonb('seller').$type<InvoiceSeller>().notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerGstin: text('buyer_gstin'),
    lines: jsonb('lines').$type<DocumentLine[]>().notNull(),
    taxablePaise: integer('taxable_paise').notNull(),
    cgstPaise: integer('cgst_paise').notNull(),
    sgstPaise: integer('sgst_paise').notNull(),
    totalPaise: integer('total_paise').notNull(),
  },
  (t) => [
    unique('invoices_number_uq').on(t.number),
    unique('invoices_year_serial_uq').on(t.financialYear, t.serial),
    check('invoices_adds_up', sql`${t.taxablePaise} + ${t.cgstPaise} + ${t.sgstPaise} = ${t.totalPaise}`),
    uniqueIndex('invoices_payment_uq').on(t.paymentId),
    index('invoices_booking_idx').on(t.bookingId),
    index('invoices_issued_idx').on(t.issuedAt),
  ],
);

export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid('id').primaryKey(),
    number: text('number').notNull(),
    financialYear: text('financial_year').notNull(),
    serial: integer('serial').notNull(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    refundId: uuid('refund_id')
      .notNull()
      .references(() => refunds.id),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    lines: jsonb('lines').$type<DocumentLine[]>().notNull(),
    taxablePaise: integer('taxable_paise').notNull(),
    cgstPaise: integer('cgst_paise').notNull(),
    sgstPaise: integer('sgst_paise').notNull(),
    totalPaise: integer('total_paise').notNull(),
  },
  (t) => [
    unique('credit_notes_number_uq').on(t.number),
    unique('credit_notes_year_serial_uq').on(t.financialYear, t.serial),
    unique('credit_notes_refund_uq').on(t.refundId),
    check('credit_notes_adds_up', sql`${t.taxablePaise} + ${t.cgstPaise} + ${t.sgstPaise} = ${t.totalPaise}`),
    index('credit_notes_invoice_idx').on(t.invoiceId),
    index('credit_notes_issued_idx').on(t.issuedAt),
  ],
);

/** The daily report emails claimed, one row per cinema day (migration 0018, CONTRACT §14). */
export const reportEmailDays = pgTable('report_email_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
});
