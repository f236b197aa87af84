import type { Movie, Show } from './catalogue.ts';

export type BookingStatus = 'pending' | 'paid' | 'cancelled' | 'expired';

/** A booking as the API answers (CONTRACT §4). */
export interface Booking {
  _id: string;
  /** `email` is present only in answers to staff. */
  user: { _id: string; name: string; email?: string };
  show: Omit<Show<Movie>, 'availableSeats'>;
  bookedSeats: string[];
  /** Rupees. */
  amount: number;
  isPaid: boolean;
  status: BookingStatus;
  /** The payment page, while the booking can still be paid; null otherwise. */
  paymentLink: string | null;
  expiresAt: string;
  createdAt: string;
  paidAt: string | null;
  cancelledAt: string | null;
  /** Set once a paid booking's money is on its way back (`status`: pending, succeeded). */
  /** Money owed back: `reason` says why (a cancel, a late payment the show could not honour). */
  refund: { amount: number; status: string; reason?: string; createdAt: string } | null;
}

export interface BookingsResponse {
  success: true;
  message: string;
  bookings: Booking[];
}
export interface BookingResponse {
  success: true;
  message: string;
  booking: Booking;
}
/** POST /api/bookings/create */
export interface CreateBookingResponse {
  success: true;
  message: string;
  booking: Booking;
  bookingId: string;
  /** The payment page to send the whole window to. */
  url: string;
}

/** GET /api/payments/{paymentId}: what the payment page shows. */
export interface PaymentResponse {
  success: true;
  message: string;
  payment: {
    _id: string;
    gateway: 'sandbox' | 'stripe';
    amount: number;
    status: 'open' | 'succeeded' | 'expired' | 'refunded';
    isPayable: boolean;
  };
  booking: Booking;
}
