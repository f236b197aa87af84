import { z } from 'zod';
import { instant, isoDateText, ok, uuid } from './api.ts';
import { layoutAnswerSchema } from './seat-layout.ts';

/** A movie as the API answers: the listing fields and the OMDb-style detail fields (CONTRACT §3). */
export const movieSchema = z
  .object({
    _id: uuid,
    slug: z.string().meta({ examples: ['dune-part-two-2024'] }),
    title: z.string(),
    description: z.string(),
    poster: z.string(),
    rating: z.number().nullable(),
    genre: z.string(),
    duration: z.string(),
    trailer_link: z.string().nullable(),
    booking_link: z.string(),
    featured: z.boolean().meta({ description: "Shown in the home page's hero carousel" }),
    active: z.boolean().meta({
      description: 'False once retired: hidden from every buyer list, no new shows or bookings (CONTRACT §3)',
    }),
    Title: z.string(),
    Year: z.string(),
    Rated: z.string(),
    Released: z.string(),
    Runtime: z.string(),
    Genre: z.string(),
    Director: z.string(),
    Writer: z.string(),
    Actors: z.string(),
    Plot: z.string(),
    Language: z.string(),
    Country: z.string(),
    Awards: z.string(),
    Poster: z.string(),
    Ratings: z.string().meta({
      description: "'7.9', or '' when the movie has no rating (cards show 8.0, the detail page N/A)",
    }),
    distributorSharePercent: z.number().meta({
      description: "The distributor's share of net takings, a percent 0–100 (CONTRACT §14)",
    }),
    languages: z.array(z.string()).meta({
      description: 'The languages it is shown in, from a fixed list (Hindi, English, Tamil, …)',
      examples: [['Hindi', 'Tamil']],
    }),
    format: z.string().meta({ description: 'How it is projected: 2D, 3D or IMAX', examples: ['2D'] }),
  })
  .meta({ id: 'Movie' });
export type Movie = z.infer<typeof movieSchema>;

export const showStatusSchema = z.enum(['active', 'sold-out', 'cancelled']);
export type ShowStatus = z.infer<typeof showStatusSchema>;

/** A show's public status: cancelled as stored, sold-out when no seat is left. */
export function showStatus(stored: string, availableSeats: number): ShowStatus {
  if (stored === 'cancelled') return 'cancelled';
  return availableSeats <= 0 ? 'sold-out' : 'active';
}

/** A show's own fields; `movie` is the movie's id unless a route embeds the movie. */
const showFields = {
  _id: uuid,
  showDate: isoDateText.meta({ description: "The day in the cinema's time zone" }),
  showTime: z.string().meta({ examples: ['6:30 PM'], description: "h:mm AM/PM in the cinema's time zone" }),
  startsAt: instant,
  showPrice: z.number().meta({ description: 'Rupees per seat: the lowest class price' }),
  totalSeats: z.number().int(),
  availableSeats: z.number().int(),
  status: showStatusSchema,
  screen: z
    .object({ _id: z.string(), name: z.string() })
    .meta({ description: 'The screen the show is on, named as it was when the show was made (CONTRACT §7)' }),
  prices: z
    .record(z.string(), z.number())
    .meta({ description: 'Class → rupees', examples: [{ Classic: 180, Prime: 250, Recliner: 400 }] }),
  language: z
    .string()
    .nullable()
    .meta({ description: 'The language it plays in; null when not stated', examples: ['Hindi'] }),
  format: z.string().meta({ description: 'How it is projected: 2D, 3D or IMAX', examples: ['IMAX'] }),
};
/** A show whose `movie` is given by `movie` (the id, the movie, or part of it). */
export const showWith = <M extends z.ZodType>(movie: M) => z.object({ ...showFields, movie });
export const showSchema = showWith(uuid).meta({ id: 'Show' });
export const showWithMovieSchema = showWith(movieSchema).meta({ id: 'ShowWithMovie' });

/** A show as the API answers (CONTRACT §3). `movie` is the id unless a route embeds the movie. */
export type Show<M = string> = Omit<z.infer<typeof showSchema>, 'movie'> & { movie: M };

/** A movie with its bookable shows and the figures the home cards show. */
export const movieWithShowsSchema = movieSchema
  .extend({
    movie: movieSchema.meta({
      description: 'The movie again, for clients that read an entry as `{ movie, shows }` (CONTRACT §8)',
    }),
    shows: z.array(showSchema),
    showCount: z.number().int(),
    showDates: z.array(isoDateText),
    lowestPrice: z.number().nullable(),
  })
  .meta({ id: 'MovieWithShows' });
export type MovieWithShows = z.infer<typeof movieWithShowsSchema>;

export const moviesResponse = ok({ movies: z.array(movieSchema) });
export type MoviesResponse = z.infer<typeof moviesResponse>;
/** A movie as the admin's movie list has it: with how many shows it has ever had. */
export const adminMovieSchema = movieSchema
  .extend({
    showCount: z
      .number()
      .int()
      .meta({ description: 'Every show it has had, cancelled ones too: 0 means it can be deleted' }),
  })
  .meta({ id: 'AdminMovie' });
export type AdminMovie = z.infer<typeof adminMovieSchema>;
export const adminMoviesResponse = ok({ movies: z.array(adminMovieSchema) });
export type AdminMoviesResponse = z.infer<typeof adminMoviesResponse>;
export const movieResponse = ok({ movie: movieSchema });
export type MovieResponse = z.infer<typeof movieResponse>;
export const moviesWithShowsResponse = ok({ movies: z.array(movieWithShowsSchema) });
export type MoviesWithShowsResponse = z.infer<typeof moviesWithShowsResponse>;
export const showsResponse = ok({ shows: z.array(showWithMovieSchema) });
export type ShowsResponse = z.infer<typeof showsResponse>;

/** A show's seat map: also each `seats` event of its live stream. */
export const seatsResponse = ok({
  showId: uuid,
  totalSeats: z.number().int(),
  availableSeats: z.number().int(),
  status: showStatusSchema,
  occupiedSeats: z
    .record(z.string(), z.literal(true))
    .meta({ description: 'Seats held or sold, as `{ "A1": true }`', examples: [{ A1: true, A2: true }] }),
  screen: z.object({ _id: z.string(), name: z.string() }),
  prices: z.record(z.string(), z.number()).meta({ description: 'Class → rupees' }),
  layout: layoutAnswerSchema,
  accessibleReleaseAt: instant.nullable().meta({
    description:
      'When unsold wheelchair and companion seats go on general sale; null when the layout has none (CONTRACT §7)',
  }),
}).meta({ id: 'SeatMap' });
export type SeatsResponse = z.infer<typeof seatsResponse>;

/** Where and when to find the cinema; null for what the cinema has not set. */
export const cinemaDetailsSchema = z.object({
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  hours: z.string().nullable(),
  mapUrl: z.string().nullable(),
});
export type CinemaDetails = z.infer<typeof cinemaDetailsSchema>;

/** What the client needs to know about this cinema (GET /api/config). */
export const cinemaConfigResponse = ok({
  cinemaName: z.string(),
  timeZone: z.string().meta({ examples: ['Asia/Kolkata'] }),
  paymentWindowSeconds: z.number().int(),
  maxSeatsPerBooking: z.number().int(),
  seatGapRule: z.boolean().meta({
    description:
      'Whether a booking may leave a single seat on its own (SEAT_GAP_RULE); the seat map warns only when it may not',
  }),
  currency: z.literal('INR'),
  cleaningMinutes: z.number().int().meta({
    description: "Minutes a screen needs between one show's end and the next start (CLEANING_MINUTES)",
  }),
  signInProviders: z
    .array(z.object({ id: z.string(), name: z.string() }))
    .meta({ description: 'Hosted sign-in providers offered beside email and password' }),
  cinema: cinemaDetailsSchema,
  cancellationTiers: z.array(z.object({ minutesBefore: z.number().int(), refundPercent: z.number() })).meta({
    description:
      'The cancellation policy (settings.cancellation.tiers, CONTRACT §13), so pages can say it in words',
  }),
});
export type CinemaConfig = z.infer<typeof cinemaConfigResponse>;

/** POST /api/user/update-favourites: adds the movie, or removes it when it is there. */
export const toggleFavouriteRequest = z
  .object({
    movieId: z.string({ message: 'movieId is required' }).trim().min(1, 'movieId is required'),
  })
  .meta({ examples: [{ movieId: 'dune-part-two-2024' }] });
export type ToggleFavouriteRequest = z.input<typeof toggleFavouriteRequest>;
export const toggleFavouriteResponse = ok({
  isFavourite: z.boolean().meta({ description: 'Whether the movie is a favourite now' }),
  movies: z.array(movieSchema),
});
export type ToggleFavouriteResponse = z.infer<typeof toggleFavouriteResponse>;
