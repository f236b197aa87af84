import { z } from 'zod';
import { bookingResponse } from './bookings.ts';
import { bookingItemSchema } from './food.ts';
import { instant, isoDateText, ok, pageFields } from './api.ts';

/** A show of today as the door sees it (GET /api/door/shows). */
export const doorShowSchema = z.object({
  _id: z.string(),
  movie: z.string().meta({ description: 'The title' }),
  showDate: z.string(),
  showTime: z.string(),
  startsAt: instant,
  endsAt: instant,
  status: z.string(),
  screen: z.string(),
  totalSeats: z.number().int(),
  sold: z.number().int(),
  admitted: z.number().int(),
});
export type DoorShow = z.infer<typeof doorShowSchema>;
export const doorShowsResponse = ok({ date: isoDateText, shows: z.array(doorShowSchema) });
export type DoorShowsResponse = z.infer<typeof doorShowsResponse>;

/** A booking as the door lists it (GET /api/door/shows/{showId}/bookings): who, where, admitted. */
export const doorBookingSchema = z.object({
  _id: z.string(),
  reference: z.string(),
  name: z.string().meta({ description: "The buyer's name (a counter sale's: its customer's)" }),
  phone: z
    .string()
    .nullable()
    .meta({
      description: "The buyer's mobile number (+91…), for staff to call; null when none was given",
      examples: ['+919876543210'],
    }),
  seats: z.array(z.string()),
  status: z.enum(['paid', 'pending']),
  checkedInAt: instant.nullable(),
  admitted: z.number().int().meta({ description: 'How many of the party are in' }),
  items: z.array(bookingItemSchema).meta({ description: 'Food and drink to hand over (CONTRACT §12)' }),
  itemsCollectedAt: instant.nullable(),
});
export type DoorBooking = z.infer<typeof doorBookingSchema>;
export const doorBookingsResponse = ok({ bookings: z.array(doorBookingSchema) });
export type DoorBookingsResponse = z.infer<typeof doorBookingsResponse>;

/** GET /api/admin/admissions: today's check-ins, for the dashboard. */
export const admissionsResponse = ok({
  date: isoDateText,
  admittedBookings: z.number().int(),
  admittedSeats: z.number().int(),
  lastCheckInAt: instant.nullable(),
});
export type AdmissionsResponse = z.infer<typeof admissionsResponse>;

/** GET /api/admin/users: accounts with their roles and last sign-in. */
export const adminUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.string()).meta({ description: "'staff', 'admin'; empty for a plain user" }),
  createdAt: instant,
  lastSignInAt: instant.nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const usersResponse = ok({ users: z.array(adminUserSchema), ...pageFields });
export type UsersResponse = z.infer<typeof usersResponse>;

/**
 * Beside the message of a check-in refused for a booking the door did find (409): its show, so
 * the door can tell the guest which screen and when.
 */
export const doorRefusalShowSchema = z.object({
  movie: z.string(),
  showDate: z.string(),
  showTime: z.string(),
  screen: z.string(),
});
export type DoorRefusalShow = z.infer<typeof doorRefusalShowSchema>;

/** POST /api/checkin: the booking (its `admitted` of its seats are in) and how many this scan let in. */
export const checkInResponse = bookingResponse.extend({
  admittedNow: z.number().int().meta({ description: 'How many of the party this check-in let in' }),
});
export type CheckInResponse = z.infer<typeof checkInResponse>;
