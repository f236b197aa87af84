import type { Booking, BookingChannel } from '@marquee/shared';
import { and, desc, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { counterSales, payments } from '../../db/schema.ts';
import { csvRow, csvTime } from '../../lib/csv.ts';

const gatewayNames: Record<string, string> = {
  sandbox: 'Sandbox',
  stripe: 'Stripe',
  razorpay: 'Razorpay',
  counter: 'Counter',
};

/** A counter sale's way of payment (CONTRACT §11), as the cashier's shift report names it. */
const counterMethodNames: Record<string, string> = {
  cash: 'Counter: Cash',
  card: 'Counter: Card',
  upi: 'Counter: UPI',
  comp: 'Complimentary',
};

const channelNames: Record<BookingChannel, string> = {
  online: 'Online',
  counter: 'Counter',
  waitlist: 'Waiting list',
  exchange: 'Exchange',
};

const refundWords: Record<string, string> = {
  pending: 'Pending',
  succeeded: 'Refunded',
  failed: 'Failed',
};

/**
 * How each booking was paid: the gateway of its captured payment (refunded ones included), and
 * for a counter sale the way the cashier took it (a comp has no payment at all).
 */
async function paymentMethods(db: Queryable, bookingIds: string[]): Promise<Map<string, string>> {
  const methods = new Map<string, string>();
  if (!bookingIds.length) return methods;
  const online = await db
    .select({ bookingId: payments.bookingId, gateway: payments.gateway })
    .from(payments)
    .where(and(inArray(payments.bookingId, bookingIds), inArray(payments.status, ['succeeded', 'refunded'])))
    .orderBy(desc(payments.createdAt));
  const counter = await db
    .select({ bookingId: counterSales.bookingId, method: counterSales.method })
    .from(counterSales)
    .where(inArray(counterSales.bookingId, bookingIds));
  for (const row of counter) methods.set(row.bookingId, counterMethodNames[row.method] ?? row.method);
  for (const row of online) {
    if (!methods.has(row.bookingId)) methods.set(row.bookingId, gatewayNames[row.gateway] ?? row.gateway);
  }
  return methods;
}

/** The admin bookings export (GET /api/admin/bookings.csv): one header line, one line a booking. */
export async function bookingsCsv({
  db,
  bookings,
  timeZone,
}: {
  db: Queryable;
  bookings: Booking[];
  timeZone: string;
}): Promise<string> {
  const methods = await paymentMethods(
    db,
    bookings.map((booking) => booking._id),
  );
  const zone = `(${timeZone})`;
  let body = csvRow([
    'Booking ID',
    'Reference',
    'Movie',
    'Screen',
    'User',
    'Email',
    'Show Date',
    `Show Time ${zone}`,
    'Seats',
    'Amount (INR)',
    'Status',
    'Payment Method',
    'Refund Status',
    'Refund Amount (INR)',
    `Booked At ${zone}`,
    `Checked In At ${zone}`,
    'Channel',
    'Invoice Number',
    'GST Included (INR)',
  ]);
  for (const booking of bookings) {
    const { show, refund } = booking;
    body += csvRow([
      booking._id,
      booking.reference,
      // No show: food and drink sold on its own at the counter.
      show?.movie.title ?? 'Food & drinks (counter)',
      show?.screen.name ?? '',
      booking.user.name,
      booking.user.email ?? '',
      show?.showDate ?? '',
      show?.showTime ?? '', // on the cinema's clock already, as every show answer gives it
      booking.bookedSeats.join(' '),
      booking.amount.toFixed(2),
      booking.status,
      methods.get(booking._id) ?? '',
      refund ? (refundWords[refund.status] ?? refund.status) : '',
      refund ? refund.amount.toFixed(2) : '',
      csvTime(booking.createdAt, timeZone),
      csvTime(booking.checkedInAt, timeZone),
      channelNames[booking.channel],
      booking.invoiceNumber ?? '',
      // The GST its invoice charged: none for a hold never paid. What a refund gave back is in the
      // credit notes (the GST report and the invoice register), not here.
      booking.invoiceNumber ? booking.gst.toFixed(2) : '',
    ]);
  }
  return body;
}
