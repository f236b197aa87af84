import { z } from 'zod';
import { filmFormatSchema, filmLanguagesSchema, showLanguageSchema } from './film-details.ts';
import { MAX_TOTAL_SEATS } from './seats.ts';
import { MAX_RUNTIME_MINUTES, readRuntime } from './show-times.ts';
import { isIsoDate, parseTimeOfDay } from './time.ts';

/** The spec's words (§5) for what staff get wrong on the Add Show form. */
export const showMessages = {
  movieRequired: 'Please select a movie',
  movieFirst: 'Please select a movie first',
  invalidPrice: 'Please enter a valid show price',
  invalidTotalSeats: 'Please enter a valid total seats count',
  noTimings: 'Please add at least one date with timings',
  dateTimeRequired: 'Please select a date and time',
  duplicateTiming: 'This timing already exists for the selected date',
  slotTaken: 'This time slot is already booked for the selected movie',
  /** PUT /api/shows/{id} changing the language or format once any seat is held or sold (409). */
  versionLocked:
    'Seats for this show are already sold or held, so its language and format can no longer be changed',
} as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .optional()
    .transform((value) => value ?? '');

const httpUrl = (message: string) =>
  z
    .string()
    .trim()
    .max(2000, message)
    .refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value), message);

/** The first films were shot in 1888; a film can be announced for next year. */
export const FIRST_FILM_YEAR = 1888;

/** Why `year` is not a film's year (a four-digit year from 1888 to next year), or null when it is. */
export function filmYearProblem(year: string, now: Date): string | null {
  const text = year.trim();
  if (!text) return 'Year is required';
  const latest = now.getUTCFullYear() + 1;
  const value = Number(text);
  if (!/^\d{4}$/.test(text) || value < FIRST_FILM_YEAR || value > latest)
    return `Year must be a four-digit year from ${FIRST_FILM_YEAR} to ${latest}`;
  return null;
}

export const DEFAULT_DISTRIBUTOR_SHARE_PERCENT = 50;
export const distributorShareMessage =
  'Distributor share must be a percent from 0 to 100 (at most two decimals)';

/**
 * The distributor's share of a film's net takings (CONTRACT §14): a percent from 0 to 100 with at
 * most two decimals (42.5 is a common term). The form sends text, the API a number.
 */
export const distributorSharePercentSchema = z
  .union([z.number(), z.string().trim().min(1)], { message: distributorShareMessage })
  .transform((value) => Number(value))
  .refine(
    (n) => Number.isFinite(n) && n >= 0 && n <= 100 && Math.abs(Math.round(n * 100) - n * 100) < 1e-6,
    distributorShareMessage,
  );

/** POST /api/movies: the add form of spec §3. Title and Year required, Poster a URL. */
export const createMovieInput = z.object({
  Title: z
    .string({ message: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(200, 'Title is at most 200 characters'),
  Year: z
    .union([z.string(), z.number()], { message: 'Year is required' })
    .transform((value) => String(value).trim())
    .pipe(
      z.string().superRefine((value, context) => {
        // Validated when the request arrives, so "next year" moves with the calendar.
        const problem = filmYearProblem(value, new Date());
        if (problem) context.addIssue({ code: 'custom', message: problem });
      }),
    ),
  Rated: optionalText(20),
  Released: optionalText(50),
  Runtime: optionalText(50).refine((value) => (readRuntime(value) ?? 0) <= MAX_RUNTIME_MINUTES, {
    message: 'Runtime must be less than 24 hours',
  }),
  Genre: optionalText(200),
  Director: optionalText(300),
  Writer: optionalText(500),
  Actors: optionalText(500),
  Plot: optionalText(5000),
  Language: optionalText(200),
  Country: optionalText(200),
  Awards: optionalText(500),
  Poster: httpUrl('Poster must be a URL')
    .optional()
    .transform((value) => value ?? ''),
  Ratings: z
    .union([z.string(), z.number(), z.array(z.unknown())])
    .optional()
    .transform((value) =>
      typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '',
    ),
  trailer_link: httpUrl('Trailer link must be a URL')
    .optional()
    .transform((value) => value || null),
  featured: z.boolean().optional().default(false),
  distributorSharePercent: distributorSharePercentSchema.optional(),
  /** Left out: read from `Language` (its known languages). */
  languages: filmLanguagesSchema.optional(),
  format: filmFormatSchema.optional(),
});
export type CreateMovieInput = z.infer<typeof createMovieInput>;

/**
 * PUT /api/movies/{id}: any field of the add form, checked in the same words (a field left out
 * keeps its value; an empty optional one is cleared), and `active`: false retires the film.
 */
export const updateMovieInput = createMovieInput
  .partial()
  .extend({ active: z.boolean({ message: 'active must be true or false' }).optional() });
export type UpdateMovieInput = z.infer<typeof updateMovieInput>;

/** A rating out of 10 from the form's free text ('8.5', '8.5/10', '85%'), or null. */
export function ratingFromText(text: string): number | null {
  const match = /(\d+(?:\.\d+)?)\s*(%|\/\s*(\d+))?/.exec(text);
  if (!match) return null;
  let value = Number(match[1]);
  if (match[2] === '%') value /= 10;
  else if (match[3]) value = (value / Number(match[3])) * 10;
  if (!Number.isFinite(value) || value < 0 || value > 10) return null;
  return Math.round(value * 10) / 10;
}

/**
 * A number as the form sends it: a number or a numeric string. Unlike z.coerce, an array, a
 * boolean or null is not a number (Number([96]) is 96, Number(null) is 0).
 */
const formNumber = (schema: z.ZodNumber) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value), schema);

const price = formNumber(
  z
    .number({ message: showMessages.invalidPrice })
    .refine((value) => Number.isFinite(value) && value >= 1 && value <= 1_000_000, showMessages.invalidPrice)
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'Prices are in whole paise'),
);

const totalSeats = formNumber(
  z
    .number({ message: showMessages.invalidTotalSeats })
    .int(showMessages.invalidTotalSeats)
    .min(1, showMessages.invalidTotalSeats)
    .max(MAX_TOTAL_SEATS, showMessages.invalidTotalSeats),
);

const isoDate = z
  .string({ message: 'Each date is YYYY-MM-DD' })
  .trim()
  .refine(isIsoDate, { error: (issue) => `Invalid date: ${String(issue.input)}` });

const timeOfDay = z
  .string({ message: 'Each time is h:mm AM/PM or HH:mm' })
  .trim()
  .refine((value) => parseTimeOfDay(value) !== null, {
    error: (issue) => `Invalid time: ${String(issue.input)}`,
  });

/** Class → rupees, as Add Show sends a price per class of the screen (CONTRACT §7). */
const classPrices = z.record(z.string().trim().min(1).max(20), price, {
  message: 'Prices are class → rupees',
});

/**
 * POST /api/shows (spec §3 payload); timings may be `{time}` entries or plain strings. With
 * `screen` (an id) and `prices`, the screen's layout decides the seats (CONTRACT §7); without,
 * the spec's map of `totalSeats` on the default screen at `showPrice`.
 */
export const createShowsInput = z
  .object({
    movie: z.string({ message: showMessages.movieRequired }).trim().min(1, showMessages.movieRequired),
    showPrice: price.optional(),
    totalSeats: totalSeats.optional(),
    screen: z.string({ message: 'Screen not found' }).trim().min(1, 'Screen not found').optional(),
    prices: classPrices.optional(),
    /** Left out: the film's first language and its format. */
    language: showLanguageSchema.optional(),
    format: filmFormatSchema.optional(),
    dateTimings: z
      .array(
        z.object({
          date: isoDate,
          timings: z.array(
            z.union([timeOfDay, z.object({ time: timeOfDay }).transform((timing) => timing.time)]),
          ),
        }),
        { message: showMessages.noTimings },
      )
      .refine((entries) => entries.some((entry) => entry.timings.length > 0), showMessages.noTimings)
      .refine((entries) => entries.length <= 60, 'At most 60 dates at a time'),
  })
  .refine((input) => input.showPrice !== undefined || input.prices !== undefined, {
    message: showMessages.invalidPrice,
    path: ['showPrice'],
  });
export type CreateShowsInput = z.infer<typeof createShowsInput>;

/**
 * PUT /api/shows/{id}: any of price, date + time, total seats, and the language and format (those
 * two only while no seat is held or sold).
 */
export const updateShowInput = z
  .object({
    showPrice: price.optional(),
    /** Class → rupees, for a show with several seat classes. */
    prices: classPrices.optional(),
    showDate: isoDate.optional(),
    showTime: timeOfDay.optional(),
    totalSeats: totalSeats.optional(),
    /** One of the film's languages (any known one while the film names none). */
    language: showLanguageSchema.optional(),
    format: filmFormatSchema.optional(),
  })
  .refine(
    (input) => (input.showDate === undefined) === (input.showTime === undefined),
    'Give both the date and the time to move a show',
  )
  .refine(
    (input) => Object.values(input).some((value) => value !== undefined),
    'Nothing to change: give a price, a date and time, a total seat count, a language or a format',
  );
export type UpdateShowInput = z.infer<typeof updateShowInput>;

/** GET /api/shows/check-timeslot */
export const timeslotQuery = z.object({
  movieId: z.string({ message: showMessages.movieFirst }).trim().min(1, showMessages.movieFirst),
  date: isoDate,
  time: timeOfDay,
  /** The screen to check (CONTRACT §7); the default screen when left out. */
  screen: z.string().trim().min(1).optional(),
});
