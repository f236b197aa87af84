import { z } from 'zod';
import { instant, ok, uuid } from './api.ts';
import { cinemaDetailsSchema, movieSchema, showWith } from './catalogue.ts';
import { messages } from './errors.ts';
import { bookingItemSchema, itemsRequestSchema } from './food.ts';
import { optionalGstinSchema, optionalLegalNameSchema } from './gst.ts';
import { MAX_SEATS_PER_BOOKING } from './seats.ts';
import { bookingChannels, bookingStatuses, paymentStatuses } from './statuses.ts';

export const bookingStatusSchema = z.enum(bookingStatuses);

/** A counter sale's buyer when the customer gave no name (decision 0023). */
export const WALK_IN_CUSTOMER = 'Walk-in customer';

/** A booking as the API answers (CONTRACT §4). */
export const bookingSchema = z
  .object({
    _id: uuid,
    reference: z.string().meta({
      description: 'Short, unique and easy to read aloud: what the door and the emails name (CONTRACT §6)',
      examples: ['MQ-7KX2P9'],
    }),
    user: z
      .object({
        _id: z.string(),
        name: z.string(),
        email: z.string().nullable().optional(),
        phone: z
          .string()
          .nullable()
          .optional()
          .meta({ examples: ['+919876543210'] }),
      })
      .meta({
        description:
          "The buyer. `email` and `phone` (the account's mobile number) are present only in answers to staff. For a counter sale (`channel` counter) `name`, `email` and `phone` are the customer's as given at the counter (`Walk-in customer`, null, null when not given); `_id` stays the account the sale is kept under (the seller's, decision 0023)",
      }),
    show: showWith(movieSchema)
      .omit({ availableSeats: true })
      .nullable()
      .meta({ description: 'null: food and drink sold on its own at the counter (CONTRACT §11–§12)' }),
    bookedSeats: z.array(z.string()).meta({ examples: [['A1', 'A2']] }),
    amount: z.number().meta({ description: 'Rupees' }),
    isPaid: z.boolean(),
    status: bookingStatusSchema,
    channel: z.enum(bookingChannels).meta({
      description:
        'Where it was sold: online by its buyer, at the counter (CONTRACT §11), or a waiting-list offer (§13)',
    }),
    complimentary: z
      .boolean()
      .meta({ description: 'A comp given at the counter by an admin, at ₹0 (CONTRACT §11)' }),
    paymentLink: z
      .string()
      .nullable()
      .meta({ description: 'The payment page, while the booking can still be paid; null otherwise' }),
    expiresAt: instant,
    createdAt: instant,
    paidAt: instant.nullable(),
    cancelledAt: instant.nullable(),
    checkedInAt: instant
      .nullable()
      .meta({ description: 'When the booking was (last) admitted at the door; null until then' }),
    admitted: z.number().int().meta({
      description: 'How many of `bookedSeats` are in: a party may come in in parts (CONTRACT §6)',
    }),
    items: z
      .array(bookingItemSchema)
      .meta({ description: 'Food and drink bought with the seats (CONTRACT §12)' }),
    itemsCollectedAt: instant
      .nullable()
      .meta({ description: 'When the items were handed over at the door; null until then' }),
    gst: z.number().meta({
      description:
        'The GST included in `amount` (rupees), at the rates in force when the seats were held (CONTRACT §10)',
    }),
    invoiceNumber: z
      .string()
      .nullable()
      .meta({
        description: 'The tax invoice’s number once paid (CONTRACT §10); null until then',
        examples: ['MQ2627-000001'],
      }),
    refund: z
      .object({
        amount: z.number(),
        status: z.string(),
        reason: z.string().optional(),
        createdAt: instant,
      })
      .nullable()
      .meta({
        description:
          'Money owed back: `reason` says why (a cancel, a late payment the show could not honour); `status` pending or succeeded',
      }),
    exchange: z
      .object({
        _id: uuid,
        showId: z.string(),
        showDate: z.string(),
        showTime: z.string(),
        bookedSeats: z.array(z.string()),
        amount: z.number().meta({ description: 'The difference to pay (rupees)' }),
        paymentLink: z.string().nullable(),
        expiresAt: instant,
      })
      .nullable()
      .meta({
        description:
          'A change of this paid booking waiting for its difference to be paid (CONTRACT §13): the new show and seats, held until `expiresAt`; null when none waits',
      }),
    exchangeOf: z
      .object({ _id: uuid, reference: z.string(), bookedSeats: z.array(z.string()) })
      .nullable()
      .meta({
        description:
          'On the hold of a dearer change (channel `exchange`): the paid booking it changes, with the seats it has now',
      }),
  })
  .meta({ id: 'Booking' });
export type Booking = z.infer<typeof bookingSchema>;
/**
 * A booking for a show: every booking but food and drink sold on its own at the counter (whose
 * `show` is null). Screens about seats and shows (My Bookings, payment, exchange, the door) take these.
 */
export type ShowBooking = Omit<Booking, 'show'> & { show: NonNullable<Booking['show']> };
/** Whether a booking is for a show (not food and drink sold on its own at the counter). */
export function hasShow<T extends { show: Booking['show'] }>(
  booking: T,
): booking is T & { show: NonNullable<Booking['show']> } {
  return booking.show !== null;
}

/** POST /api/bookings/create (spec §4). `userId`, when sent, must be the caller's own id. */
/**
 * `accessible` on a booking or an exchange (CONTRACT §7): the buyer needs a wheelchair space, so the
 * seats may be held-back ones (a space and its companion seat) before their release.
 */
export const accessibleField = z.boolean({ message: 'accessible is true or false' }).optional().meta({
  description:
    'The buyer needs a wheelchair space: lets the seats be one (and its companion seat) while they are held back',
});

export const createBookingRequest = z
  .object({
    showId: z.string({ message: 'showId is required' }).trim().min(1, 'showId is required'),
    selectedSeats: z
      .array(z.string().trim().max(10, 'Invalid seat'), { message: messages.noSeats })
      .max(50, messages.maxSeats)
      .optional()
      .meta({ description: 'The seats chosen (the spec). Leave out to ask for `quantity` seats instead' }),
    quantity: z
      .number({ message: `Choose between 1 and ${MAX_SEATS_PER_BOOKING} seats` })
      .int(`Choose between 1 and ${MAX_SEATS_PER_BOOKING} seats`)
      .min(1, `Choose between 1 and ${MAX_SEATS_PER_BOOKING} seats`)
      .max(MAX_SEATS_PER_BOOKING, messages.maxSeats)
      .optional()
      .meta({
        description:
          'Best available (CONTRACT §7): the server picks this many seats together and holds them, or answers 409',
      }),
    class: z
      .string({ message: 'class is a seat class name' })
      .trim()
      .min(1)
      .max(20)
      .optional()
      .meta({ description: 'With `quantity`: only seats of this class' }),
    accessible: accessibleField,
    userId: z.string().optional(),
    items: itemsRequestSchema.optional().meta({
      description:
        'Food and drink with the seats (CONTRACT §12): 1–10 of each product; taken from stock with the hold, or 409 `Only {n} {name} left`',
    }),
    buyerGstin: optionalGstinSchema.meta({
      description: 'The buyer’s GSTIN, printed on the tax invoice (CONTRACT §10); lower case is accepted',
    }),
    buyerLegalName: optionalLegalNameSchema.meta({
      description:
        'The business the GSTIN is registered to, the invoice’s recipient (kept only with `buyerGstin`)',
    }),
  })
  .refine((input) => input.selectedSeats !== undefined || input.quantity !== undefined, {
    message: messages.noSeats,
    path: ['selectedSeats'],
  })
  .meta({
    examples: [
      { showId: '0b7f7e9c-2c1e-4c43-9a55-6f1d7f2b8a10', selectedSeats: ['A1', 'A2'] },
      { showId: '0b7f7e9c-2c1e-4c43-9a55-6f1d7f2b8a10', quantity: 3, class: 'Recliner' },
    ],
  });
export type CreateBookingRequest = z.input<typeof createBookingRequest>;

/** GET /api/bookings/user[/{userId}]: live bookings unless `status=all` (CONTRACT §8). */
export const userBookingsQuery = z.object({
  status: z
    .enum(['live', 'all'], { message: "status must be 'live' or 'all'" })
    .optional()
    .meta({ description: '`live` (default): pending and paid; `all` adds cancelled and expired ones' }),
});

export const bookingsResponse = ok({ bookings: z.array(bookingSchema) });
export type BookingsResponse = z.infer<typeof bookingsResponse>;
export const bookingResponse = ok({ booking: bookingSchema });

/** PUT /api/bookings/{id}/cancel and DELETE /api/bookings/{id}: an optional reason (staff must give one for an admitted booking). */
export const cancelBookingRequest = z
  .object({
    reason: z
      .string({ message: 'reason must be text' })
      .trim()
      .min(1, 'Please give a reason')
      .max(200, 'The reason must be at most 200 characters')
      .optional()
      .meta({ description: 'Why: kept with the refund and in the audit log' }),
    refundAmount: z
      .number({ message: 'refundAmount must be a number of rupees' })
      .min(0, 'refundAmount must be from 0 up to what was paid')
      .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'refundAmount is whole paise')
      .optional()
      .meta({
        description:
          'Staff and admins only (a buyer’s is refused): rupees to refund, 0 up to what was paid; ' +
          'left out, the cancellation policy’s amount (CONTRACT §13)',
      }),
  })
  .meta({ id: 'CancelBookingRequest' });
export type BookingResponse = z.infer<typeof bookingResponse>;
/** POST /api/bookings/create */
export const createBookingResponse = ok({
  booking: bookingSchema,
  bookingId: uuid,
  url: z.string().meta({ description: 'The payment page to send the whole window to' }),
});
export type CreateBookingResponse = z.infer<typeof createBookingResponse>;

/** GET /api/payments/{paymentId}: what the payment page shows. */
export const paymentResponse = ok({
  payment: z.object({
    _id: uuid,
    gateway: z.enum(['sandbox', 'stripe', 'razorpay', 'counter']),
    amount: z.number(),
    status: z.enum(paymentStatuses),
    isPayable: z.boolean(),
  }),
  booking: bookingSchema,
  razorpay: z
    .object({
      keyId: z.string(),
      orderId: z.string(),
      amountPaise: z.number().int(),
      currency: z.literal('INR'),
      checkoutUrl: z.string().meta({ description: "Razorpay Checkout's script (RAZORPAY_CHECKOUT_URL)" }),
      cinemaName: z.string(),
      prefill: z.object({ name: z.string(), email: z.string() }),
    })
    .nullable()
    .meta({ description: 'What the page opens Razorpay Checkout with; null for any other gateway' }),
});
export type PaymentResponse = z.infer<typeof paymentResponse>;

/** POST /api/payments/{id}/sandbox-pay */
export const sandboxPayResponse = ok({ status: z.literal('paid') });

/** POST /api/payments/razorpay/verify: Checkout's success answer (CONTRACT §9). */
export const razorpayVerifyRequest = z
  .object({
    razorpay_order_id: z.string({ message: 'Payment could not be verified' }).min(1).max(100),
    razorpay_payment_id: z.string({ message: 'Payment could not be verified' }).min(1).max(100),
    razorpay_signature: z.string({ message: 'Payment could not be verified' }).min(1).max(200),
  })
  .meta({ id: 'RazorpayVerifyRequest' });
export type RazorpayVerifyRequest = z.infer<typeof razorpayVerifyRequest>;
export const razorpayVerifyResponse = ok({ status: z.literal('paid') });

/** GET /api/bookings/{id}/ticket (CONTRACT §6): a paid booking's ticket. */
export const ticketSchema = z
  .object({
    reference: z.string(),
    code: z
      .string()
      .meta({ description: 'What the QR code encodes: signed by the server, no personal data' }),
    movie: z.string(),
    showDate: z.string(),
    showTime: z.string(),
    screen: z.string(),
    seats: z.array(z.string()),
    bookingId: uuid,
    name: z.string().meta({ description: "The buyer's name, as the door reads it back" }),
    cinema: z.string(),
    venue: cinemaDetailsSchema.meta({
      description: 'Where and when to find the cinema, printed on the ticket',
    }),
    startsAt: instant,
    endsAt: instant,
    items: z
      .array(bookingItemSchema)
      .optional()
      .meta({ description: 'Food and drink to collect at the door (CONTRACT §12)' }),
    checkedInAt: instant.nullable(),
  })
  .meta({ id: 'Ticket' });
export type Ticket = z.infer<typeof ticketSchema>;
export const ticketResponse = ok({ ticket: ticketSchema });
export type TicketResponse = z.infer<typeof ticketResponse>;
/** POST /api/bookings/{id}/share (CONTRACT §6): the booking's current share link. */
export const shareLinkResponse = ok({
  url: z
    .string()
    .meta({ description: 'Opens the ticket without signing in, until the show ends or the link is revoked' }),
  expiresAt: instant.meta({ description: 'When the show ends, and the link with it' }),
});
export type ShareLinkResponse = z.infer<typeof shareLinkResponse>;

/**
 * GET /api/share/{token}: a shared ticket, read-only, for whoever holds the link: what gets a
 * guest in and where to go, and nothing of the buyer (no name, account, amount or invoice).
 */
export const sharedTicketSchema = ticketSchema
  .pick({
    reference: true,
    code: true,
    movie: true,
    showDate: true,
    showTime: true,
    screen: true,
    seats: true,
    cinema: true,
    venue: true,
    startsAt: true,
    endsAt: true,
    items: true,
  })
  .extend({ admitted: z.number().int().meta({ description: 'How many of the party are in' }) })
  .meta({ id: 'SharedTicket' });
export type SharedTicket = z.infer<typeof sharedTicketSchema>;
export const sharedTicketResponse = ok({ ticket: sharedTicketSchema });
export type SharedTicketResponse = z.infer<typeof sharedTicketResponse>;

export type SandboxPayResponse = z.infer<typeof sandboxPayResponse>;
