/**
 * The spec's words (§5) for the Add Show form. The same texts are in @marquee/shared's
 * `showMessages`, but that module builds the server's Zod schemas: importing it would ship Zod
 * to the browser. messages.test.ts keeps the two equal.
 */
export const showMessages = {
  movieRequired: 'Please select a movie',
  movieFirst: 'Please select a movie first',
  invalidPrice: 'Please enter a valid show price',
  invalidTotalSeats: 'Please enter a valid total seats count',
  noTimings: 'Please add at least one date with timings',
  dateTimeRequired: 'Please select a date and time',
  duplicateTiming: 'This timing already exists for the selected date',
  slotTaken: 'This time slot is already booked for the selected movie',
  versionLocked:
    'Seats for this show are already sold or held, so its language and format can no longer be changed',
} as const;
