import type { CinemaDetails, Movie, Show } from './catalogue.ts';

export type BookingStatus = 'pending' | 'paid' | 'cancelled' | 'expired';

/** A booking as the API answers (CONTRACT §4). */
export interface Booking {
  _id: string;
  /** Short, unique and easy to read aloud: what the door and the emails name (CONTRACT §6). */
  reference: string;
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
  /** When the booking was admitted at the door; null until then. */
  checkedInAt: string | null;
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

/** GET /api/bookings/{id}/ticket (CONTRACT §6): a paid booking's ticket. */
export interface Ticket {
  reference: string;
  /** What the QR code encodes: signed by the server, no personal data. */
  code: string;
  movie: string;
  showDate: string;
  showTime: string;
  screen: string;
  seats: string[];
  bookingId: string;
  /** The buyer's name, as the door reads it back. */
  name: string;
  cinema: string;
  /** Where and when to find the cinema, printed on the ticket. */
  venue: CinemaDetails;
  startsAt: string;
  endsAt: string;
  checkedInAt: string | null;
}
export interface TicketResponse {
  success: true;
  message: string;
  ticket: Ticket;
}
