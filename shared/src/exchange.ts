import { z } from 'zod';
import { ok } from './api.ts';
import { accessibleField, bookingSchema } from './bookings.ts';
import { messages } from './errors.ts';
import { seatClassOf, type Layout } from './seat-layout.ts';

/**
 * The exchange (CONTRACT §13): a paid booking moved to other seats of its show or to another show,
 * until the first tier of the cancellation policy ends for the show it leaves.
 */

/** POST /api/bookings/{id}/exchange */
export const exchangeBookingRequest = z
  .object({
    showId: z.string({ message: 'showId is required' }).trim().min(1, 'showId is required'),
    selectedSeats: z
      .array(z.string().trim().max(10, 'Invalid seat'), { message: messages.noSeats })
      .max(50, messages.maxSeats),
    accessible: accessibleField,
  })
  .meta({
    id: 'ExchangeBookingRequest',
    examples: [{ showId: '0b7f7e9c-2c1e-4c43-9a55-6f1d7f2b8a10', selectedSeats: ['C5', 'C6'] }],
  });
export type ExchangeBookingRequest = z.input<typeof exchangeBookingRequest>;

export const exchangeBookingResponse = ok({
  booking: bookingSchema,
  url: z.string().optional().meta({
    description:
      'Only when the new seats cost more: the payment page for the difference (the new seats are held until then)',
  }),
}).meta({ id: 'ExchangeBookingResponse' });
export type ExchangeBookingResponse = z.infer<typeof exchangeBookingResponse>;

export const exchangeMessages = {
  notPaid: 'Only a paid booking can be changed',
  atCounter: 'This booking was sold at the box office: change it there',
  admitted: 'This booking has been admitted at the door, so it can no longer be changed',
  tooLate: 'This booking can no longer be changed',
  sameSeats: 'Choose other seats or another show',
  waiting: 'An exchange of this booking is waiting for payment',
  count: (n: number) => `Choose ${n} seat${n === 1 ? '' : 's'}, as many as the booking has`,
} as const;

/**
 * What the new seats cost, in paise: each seat at its class's price on the show (undefined when a
 * seat is not on the map or its class has no price).
 */
export function seatsPricePaise(
  show: { layout: Layout; prices: Record<string, number> },
  seats: readonly string[],
): number | undefined {
  let total = 0;
  for (const seat of seats) {
    const price = show.prices[seatClassOf(show.layout, seat) ?? ''];
    if (price === undefined) return undefined;
    total += price;
  }
  return total;
}

/**
 * The difference an exchange makes, in paise: what the new seats cost less what the booking's
 * tickets cost (its amount without its food and drink, which stay with it). Above 0 the buyer pays
 * it; below 0 it is refunded in full.
 */
export function exchangeDifferencePaise({
  ticketsPaise,
  newSeatsPaise,
}: {
  ticketsPaise: number;
  newSeatsPaise: number;
}): number {
  return newSeatsPaise - ticketsPaise;
}
