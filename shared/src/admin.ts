import type { Booking, BookingStatus } from './bookings.ts';
import type { Movie, Show } from './catalogue.ts';

/**
 * GET /api/admin/dashboard. The four figures the spec names plus what Recent Activity and the
 * trend lines show. Definitions (docs/admin.md):
 * - activeShows: shows not cancelled whose start is still ahead (sold-out ones included).
 * - totalBookings: bookings that are paid now (cancelled, expired and unpaid ones are not).
 * - totalUser: accounts that signed in or booked within the last 30 days.
 * - totalRevenue: rupees of the bookings that are paid now — a cancelled booking's refund takes
 *   its money back out, a late payment that was refunded never counts.
 */
export interface DashboardData {
  activeShows: number;
  totalBookings: number;
  totalUser: number;
  totalRevenue: number;
  totalMovies: number;
  trends: {
    /** Active shows starting within the next 7 days. */
    showsNext7Days: number;
    /** Paid bookings made within the last 7 days. */
    bookingsLast7Days: number;
    /** Accounts created within the last 7 days. */
    newUsersLast7Days: number;
    /** Rupees of paid bookings made within the last 7 days. */
    revenueLast7Days: number;
  };
}
export interface DashboardResponse {
  success: true;
  message: string;
  dashboardData: DashboardData;
}

/** One page of a list; `page` counts from 1. */
export interface Page {
  total: number;
  page: number;
  pageSize: number;
}

/**
 * GET /api/admin/bookings?q=&status=&movieId=&date=&page=&pageSize=
 * `q` matches the booking id, the buyer's name or email, and the movie title. Bookings carry
 * `user.email`. GET /api/admin/bookings.csv takes the same filters and answers text/csv.
 */
export interface AdminBookingsResponse extends Page {
  success: true;
  message: string;
  bookings: Booking[];
}
export type AdminBookingFilter = { status?: BookingStatus };

/** A show as staff see it in List Shows: the public show plus what was sold. */
export interface AdminShow extends Show<Pick<Movie, '_id' | 'title' | 'poster'>> {
  /** Seats in paid bookings. */
  seatsSold: number;
  /** Seats in pending (unexpired) bookings. */
  seatsHeld: number;
  /** Bookings of any state; a show with any cannot be deleted. */
  bookingCount: number;
}
/** GET /api/admin/shows?movieId=&date=YYYY-MM-DD&status=active|sold-out|cancelled|past&page=&pageSize= */
export interface AdminShowsResponse extends Page {
  success: true;
  message: string;
  shows: AdminShow[];
}

/** POST /api/shows (spec §3 payload). `time` is 'h:mm AM/PM' or 'HH:mm' in the cinema's zone. */
export interface CreateShowsRequest {
  movie: string;
  /** Rupees; may be left out when `prices` are given. */
  showPrice?: number;
  totalSeats?: number;
  /** A screen's id (CONTRACT §7); the default screen when left out. */
  screen?: string;
  /** Class → rupees, every class of the screen. */
  prices?: Record<string, number>;
  dateTimings: { date: string; timings: ({ time: string; occupiedSeats?: object } | string)[] }[];
}
export interface CreateShowsResponse {
  success: true;
  message: string;
  shows: Show[];
}

/**
 * PUT /api/shows/{id}: any of price (rupees, ≥ 1), date + time (both, the cinema's zone, not in
 * the past), total seats (1–500, keeping every held or sold seat on the map).
 */
export interface UpdateShowRequest {
  showPrice?: number;
  showDate?: string;
  showTime?: string;
  totalSeats?: number;
}

/** POST /api/shows/{id}/cancel: the show and its live bookings are cancelled, paid ones refunded. */
export interface CancelShowResponse {
  success: true;
  message: string;
  show: Show;
  cancelledBookings: number;
  refundedBookings: number;
}

/** GET /api/admin/audit?action=&page=&pageSize= */
export interface AuditEntryView {
  _id: string;
  action: string;
  entityType: string;
  entityId: string | null;
  actor: { _id: string; name: string; email: string } | null;
  details: Record<string, unknown>;
  createdAt: string;
}
export interface AuditResponse extends Page {
  success: true;
  message: string;
  entries: AuditEntryView[];
}

/**
 * POST /api/movies (staff): the add form of spec §3, capitalised as spelled. Title and Year are
 * required, Poster must be an http(s) URL; the rest are optional strings. `trailer_link` and
 * `featured` (the hero carousel) are Marquee's own additions.
 */
export interface CreateMovieRequest {
  Title: string;
  Year: string;
  Rated?: string;
  Released?: string;
  Runtime?: string;
  Genre?: string;
  Director?: string;
  Writer?: string;
  Actors?: string;
  Plot?: string;
  Language?: string;
  Country?: string;
  Awards?: string;
  Poster?: string;
  Ratings?: string;
  trailer_link?: string;
  featured?: boolean;
}
export interface CreateMovieResponse {
  success: true;
  message: string;
  movie: Movie;
}
