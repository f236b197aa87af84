import { sql, type SQL } from 'drizzle-orm';
import {
  bookingChannels,
  bookingStatuses,
  counterRefundMethods,
  counterSaleMethods,
  filmFormats,
  paymentStatuses,
  refundStatuses,
  waitlistStoredStatuses,
  MAX_TOTAL_SEATS,
  type BookingChannel,
  type BookingStatus,
  type CounterRefundMethod,
  type CounterSaleMethod,
  type FilmFormat,
  type Layout,
  type PaymentStatus,
  type RefundStatus,
  type WaitlistStoredStatus,
} from '@marquee/shared';
import {
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  type AnyPgColumn,
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

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    role: text('role').notNull().default('user'),
    banned: boolean('banned').default(false),
    banReason: text('ban_reason'),
    banExpires: timestamp('ban_expires', { withTimezone: true }),
    /** The account's mobile number, +91 and 10 digits (shared/src/phone.ts; migration 0022). */
    phone: text('phone'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('users_phone_indian_mobile', sql`${t.phone} ~ '^\\+91[6-9][0-9]{9}$'`),
    index('users_phone_idx')
      .on(t.phone)
      .where(sql`${t.phone} is not null`),
  ],
);

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
    // The default as PostgreSQL keeps it ('50', a numeric literal): what `drizzle-kit pull` reads back.
    distributorSharePercent: numeric('distributor_share_percent', { precision: 5, scale: 2, mode: 'number' })
      .notNull()
      .default(sql`'50'`),
    /**
     * The known languages it is shown in (shared/src/film-details.ts; migration 0022). No default:
     * every insert names them, an empty list for a film without dialogue.
     */
    languages: text('languages').array().notNull(),
    /** How it is projected: 2D, 3D or IMAX. */
    format: text('format').$type<FilmFormat>().notNull().default('2D'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('movies_distributor_share_range', sql`${t.distributorSharePercent} between 0 and 100`),
    check('movies_format_known', isOneOf(t.format, filmFormats)),
  ],
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
    /** The language it plays in (null: not stated) and its format, chosen on Add Show (migration 0022). */
    language: text('language'),
    format: text('format').$type<FilmFormat>().notNull().default('2D'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('shows_format_known', isOneOf(t.format, filmFormats)),
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

/**
 * Every seat of a show's layout, by id, with its class: where the hold looks seats up (one index
 * probe per seat, whatever the size of the screen; issue 35). The database keeps it from
 * `shows.layout` (db/sql/marquee_sync_show_seats.sql), so it cannot disagree with the layout.
 */
export const showSeats = pgTable(
  'show_seats',
  {
    showId: uuid('show_id')
      .notNull()
      .references(() => shows.id, { onDelete: 'cascade' }),
    seat: text('seat').notNull(),
    class: text('class').notNull(),
  },
  (t) => [primaryKey({ columns: [t.showId, t.seat] })],
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
    /** Null only for food and drink sold at the counter on its own (check below). */
    showId: uuid('show_id').references(() => shows.id),
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
     * How many of its seats' people are in (CONTRACT §6: a party may come in parts). Claimed at the
     * door by a conditional UPDATE; the check below is the last word under any concurrency.
     */
    admittedCount: integer('admitted_count').notNull().default(0),
    /** The buyer's current share link (CONTRACT §6); one more revokes every link made before. */
    shareVersion: integer('share_version').notNull().default(0),
    /**
     * The tax settings in force when the booking was made, what its invoice uses: filled by the
     * trigger in db/sql/marquee_booking_tax_rates.sql in the statement that inserts it.
     */
    taxRates: jsonb('tax_rates').$type<Record<string, unknown>>(),
    /**
     * The `cancellation` section of the settings in force when the booking was made (its tiers),
     * what cancelling and exchanging it follow: filled by the same trigger ({} while the defaults
     * were in force).
     */
    cancellationPolicy: jsonb('cancellation_policy').$type<Record<string, unknown>>(),
    /** The buyer's GSTIN, given with the booking (printed on the invoice). */
    buyerGstin: text('buyer_gstin'),
    /** The business that GSTIN is registered to, as the invoice names the recipient (with the GSTIN only). */
    buyerLegalName: text('buyer_legal_name'),
    /** Where it was sold (shared/src/statuses.ts): online, at the counter, or a waiting-list offer. */
    channel: text('channel').$type<BookingChannel>().notNull().default('online'),
    /** A comp: given free at the counter by an admin (amount 0, counted apart in reports). */
    complimentary: boolean('complimentary').notNull().default(false),
    /** When and by whom its food and drink were handed over (CONTRACT §12; null until then). */
    itemsCollectedAt: timestamp('items_collected_at', { withTimezone: true }),
    itemsCollectedBy: text('items_collected_by').references(() => users.id),
    /** The ticket code's version: each exchange issues a new code, the door refuses older ones. */
    ticketVersion: integer('ticket_version').notNull().default(1),
    /**
     * Set on a booking (channel 'exchange') that holds the new seats of a dearer exchange while
     * the difference is paid: the booking being exchanged (CONTRACT §13).
     */
    exchangeOf: uuid('exchange_of').references((): AnyPgColumn => bookings.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('bookings_status_known', isOneOf(t.status, bookingStatuses)),
    check('bookings_channel_known', isOneOf(t.channel, bookingChannels)),
    check('bookings_admitted_within_seats', sql`${t.admittedCount} between 0 and cardinality(${t.seats})`),
    check(
      'bookings_amount_positive',
      sql`${t.amountPaise} > 0 or (${t.complimentary} and ${t.amountPaise} >= 0)`,
    ),
    // Only a counter sale of food and drink alone (no seats) has no show (CONTRACT §11–§12).
    check(
      'bookings_show_unless_counter_items',
      sql`${t.showId} is not null or (${t.channel} = 'counter' and cardinality(${t.seats}) = 0)`,
    ),
    index('bookings_user_idx').on(t.userId, t.createdAt),
    index('bookings_show_idx').on(t.showId),
    index('bookings_show_paid_idx')
      .on(t.showId)
      .where(sql`${t.status} = 'paid'`),
    index('bookings_pending_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    // The hold's release of its own show's lapsed holds, without reading other shows' (issue 35).
    index('bookings_pending_show_expiry_idx')
      .on(t.showId, t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    index('bookings_user_pending_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex('bookings_reference_uq').on(t.reference),
    // At most one unpaid difference per booking, whatever the process (CONTRACT §13). Only
    // exchanges are in it: an ordinary hold does not pay for an entry (issue 35).
    uniqueIndex('bookings_exchange_pending_uq')
      .on(t.exchangeOf)
      .where(sql`${t.status} = 'pending' and ${t.exchangeOf} is not null`),
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
    // By show too: an exchange moves a booking to another show's seats, the old claims kept.
    primaryKey({ columns: [t.bookingId, t.showId, t.seat] }),
    uniqueIndex('booking_seats_live_uq')
      .on(t.showId, t.seat)
      .where(sql`${t.isLive}`),
  ],
);

/**
 * The menu (CONTRACT §12). `stock` is what is left to sell, null for unlimited: claimed by a
 * conditional UPDATE in the hold (db/sql/marquee_claim_items.sql), given back when the claim ends
 * (db/sql/marquee_return_items.sql); never below 0.
 */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    /** GST included. */
    pricePaise: integer('price_paise').notNull(),
    /** A percent, as the tax settings spell rates (5, 18, 12.5). */
    taxRate: doublePrecision('tax_rate').notNull(),
    stock: integer('stock'),
    active: boolean('active').notNull().default(true),
    image: text('image'),
    /** The menu's order, lowest first. */
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('products_stock_not_negative', sql`${t.stock} is null or ${t.stock} >= 0`),
    check('products_price_not_negative', sql`${t.pricePaise} >= 0`),
    check('products_tax_rate_percent', sql`${t.taxRate} >= 0 and ${t.taxRate} <= 100`),
    index('products_position_idx').on(t.position, t.name),
  ],
);

/** Raw bytes (a picture), read and written as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A product's picture, stored with the app (CONTRACT §12): JPEG, PNG or WebP as uploaded, at most
 * 1 MB. `version`, the start of the bytes' SHA-256, is in the picture's URL (`?v=`) and its ETag.
 */
export const productImages = pgTable(
  'product_images',
  {
    productId: uuid('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    bytes: bytea('bytes').notNull(),
    contentType: text('content_type').notNull(),
    version: text('version').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'product_images_content_type_known',
      sql`${t.contentType} in ('image/jpeg', 'image/png', 'image/webp')`,
    ),
    check('product_images_size', sql`octet_length(${t.bytes}) between 1 and 1048576`),
  ],
);

/**
 * A booking's food and drink, priced and taxed as when claimed. `isLive`: its units are taken
 * from the product's stock; false once given back (once: the booking left pending or paid).
 */
export const bookingItems = pgTable(
  'booking_items',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPricePaise: integer('unit_price_paise').notNull(),
    taxRate: doublePrecision('tax_rate').notNull(),
    isLive: boolean('is_live').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.bookingId, t.productId] }),
    check('booking_items_quantity_range', sql`${t.quantity} between 1 and 10`),
    check('booking_items_price_not_negative', sql`${t.unitPricePaise} >= 0`),
    index('booking_items_live_product_idx')
      .on(t.productId)
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
    /**
     * Where one order can take several payments (Razorpay: an order, and each attempt a payment of
     * its own), the gateway's id of the one that settled this row; null where the gateway has one
     * payment per ref, or it did not say.
     */
    settledBy: text('settled_by'),
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
    /**
     * 'refund': the payment's refund (its booking cancelled, or the payment not honoured);
     * 'exchange:<ticket version>': the difference given back at a cheaper exchange, which leaves
     * the booking paid (payment_id null, `booking_id` the booking; CONTRACT §13).
     */
    purpose: text('purpose').notNull().default('refund'),
    bookingId: uuid('booking_id').references(() => bookings.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('refunds_status_known', isOneOf(t.status, refundStatuses)),
    // A payment is refunded at most once (and each exchange's difference at most once).
    uniqueIndex('refunds_payment_uq').on(t.paymentId),
    uniqueIndex('refunds_gateway_payment_uq').on(t.gateway, t.paymentRef, t.purpose),
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
    /** Null for the note that cancels an exchanged booking's invoice (CONTRACT §13). */
    refundId: uuid('refund_id').references(() => refunds.id),
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

// ---------------------------------------------------------------------------------------------
// The waiting list (CONTRACT §13)
// ---------------------------------------------------------------------------------------------

/** One buyer's party waiting for a show (or a class of it); `seq` is the join order. */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    showId: uuid('show_id')
      .notNull()
      .references(() => shows.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    class: text('class'),
    status: text('status').$type<WaitlistStoredStatus>().notNull().default('waiting'),
    /** The unpaid booking holding the offer's seats, once offered. */
    offerBookingId: uuid('offer_booking_id').references(() => bookings.id),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    /** When it was left or closed. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    check('waitlist_entries_status_known', isOneOf(t.status, waitlistStoredStatuses)),
    check('waitlist_entries_quantity_range', sql`${t.quantity} between 1 and 8`),
    uniqueIndex('waitlist_entries_live_uq')
      .on(t.showId, t.userId)
      .where(sql`${t.status} in ('waiting', 'offered')`),
    index('waitlist_entries_waiting_idx')
      .on(t.showId, t.seq)
      .where(sql`${t.status} = 'waiting'`),
    index('waitlist_entries_user_idx').on(t.userId, t.joinedAt),
    uniqueIndex('waitlist_entries_offer_uq').on(t.offerBookingId),
  ],
);

/** Shows whose waiting list is to be looked at, written by db/sql/marquee_waitlist_due.sql. */
export const waitlistDue = pgTable('waitlist_due', {
  showId: uuid('show_id')
    .primaryKey()
    .references(() => shows.id, { onDelete: 'cascade' }),
  dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// The box office (migration 0016, CONTRACT §11, decision 0023)
// ---------------------------------------------------------------------------------------------

/**
 * A cashier's shift: open while `closed_at` is null, one open per person (the partial unique
 * index); once closed it never changes (db/sql/marquee_shift_is_final.sql).
 */
export const shifts = pgTable(
  'shifts',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    openingFloatPaise: integer('opening_float_paise').notNull(),
    countedCashPaise: integer('counted_cash_paise'),
  },
  (t) => [
    check('shifts_float_not_negative', sql`${t.openingFloatPaise} >= 0`),
    check(
      'shifts_counted_when_closed',
      sql`(${t.closedAt} is null) = (${t.countedCashPaise} is null) and coalesce(${t.countedCashPaise}, 0) >= 0`,
    ),
    uniqueIndex('shifts_one_open_uq')
      .on(t.userId)
      .where(sql`${t.closedAt} is null`),
  ],
);

/** The facts of a counter sale: its booking's user is the seller; the customer is kept here. */
export const counterSales = pgTable(
  'counter_sales',
  {
    bookingId: uuid('booking_id')
      .primaryKey()
      .references(() => bookings.id),
    shiftId: uuid('shift_id')
      .notNull()
      .references(() => shifts.id),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id),
    method: text('method').$type<CounterSaleMethod>().notNull(),
    paymentId: uuid('payment_id').references(() => payments.id),
    /** Taken at the sale (paise); the shift's figures read this, never the booking's amount. */
    amountPaise: integer('amount_paise').notNull(),
    /** Tickets sold (the seats at the sale). */
    tickets: integer('tickets').notNull(),
    /** The card terminal's or UPI app's reference. */
    paymentReference: text('payment_reference'),
    tenderedPaise: integer('tendered_paise'),
    changePaise: integer('change_paise'),
    customerName: text('customer_name'),
    customerPhone: text('customer_phone'),
    customerEmail: text('customer_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('counter_sales_method_known', isOneOf(t.method, counterSaleMethods)),
    check(
      'counter_sales_paid_as_said',
      sql`(${t.method} = 'comp' and ${t.amountPaise} = 0 and ${t.paymentId} is null) or (${t.method} <> 'comp' and ${t.amountPaise} > 0 and ${t.paymentId} is not null)`,
    ),
    check(
      'counter_sales_cash_tendered',
      sql`${t.method} <> 'cash' or (${t.tenderedPaise} >= ${t.amountPaise} and ${t.changePaise} = ${t.tenderedPaise} - ${t.amountPaise})`,
    ),
    check(
      'counter_sales_card_upi_reference',
      sql`${t.method} not in ('card', 'upi') or ${t.paymentReference} is not null`,
    ),
    index('counter_sales_shift_idx').on(t.shiftId),
  ],
);

/** A refund given at the counter, in the refunder's shift (a booking is refunded there once). */
export const counterRefunds = pgTable(
  'counter_refunds',
  {
    refundId: uuid('refund_id')
      .primaryKey()
      .references(() => refunds.id),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id),
    shiftId: uuid('shift_id')
      .notNull()
      .references(() => shifts.id),
    refunderId: text('refunder_id')
      .notNull()
      .references(() => users.id),
    method: text('method').$type<CounterRefundMethod>().notNull(),
    amountPaise: integer('amount_paise').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('counter_refunds_method_known', isOneOf(t.method, counterRefundMethods)),
    check('counter_refunds_amount_not_negative', sql`${t.amountPaise} >= 0`),
    uniqueIndex('counter_refunds_booking_uq').on(t.bookingId),
    index('counter_refunds_shift_idx').on(t.shiftId),
  ],
);

/** The daily report emails claimed, one row per cinema day (migration 0018, CONTRACT §14). */
export const reportEmailDays = pgTable('report_email_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
});
