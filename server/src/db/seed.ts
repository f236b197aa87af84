import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import {
  addDays,
  fromZonedParts,
  gridLayout,
  layoutSchema,
  seatLayout,
  STANDARD_HALL_SEATS,
  zonedDate,
  type FilmFormat,
  type FilmLanguage,
  type Layout,
} from '@marquee/shared';
import { DEFAULT_SCREEN_ID, DEFAULT_SCREEN_NAME, screenFreeAt } from '../features/screens/index.ts';
import type { Db } from './client.ts';
import { insertMovie, insertBooking, insertShow, insertUser } from './factories.ts';
import { movies, screens } from './schema.ts';

/**
 * The sample catalogue: the Blender Foundation's open movies (free to show), with posters drawn
 * for this app and shipped in server/assets/posters.
 */
const catalogue = [
  {
    slug: 'big-buck-bunny',
    title: 'Big Buck Bunny',
    year: '2008',
    rated: 'U',
    released: '10 Apr 2008',
    runtime: '10 min',
    genre: 'Animation, Comedy, Family',
    director: 'Sacha Goedegebure',
    writer: 'Sacha Goedegebure',
    actors: 'Big Buck Bunny, Frank, Rinky, Gimera',
    plot: 'A gentle giant of a rabbit has his quiet morning in the meadow spoiled by three bullying rodents, and plans a comic revenge.',
    language: 'No dialogue',
    awards: 'Blender Foundation open movie',
    rating: 8.7,
    trailerLink: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
    languages: [] as FilmLanguage[],
    format: '3D' as FilmFormat,
    pricesRupees: [180, 220, 250],
  },
  {
    slug: 'sintel',
    title: 'Sintel',
    year: '2010',
    rated: 'UA 13+',
    released: '27 Sep 2010',
    runtime: '15 min',
    genre: 'Animation, Fantasy, Adventure',
    director: 'Colin Levy',
    writer: 'Esther Wouda',
    actors: 'Halina Reijn, Thom Hoffman',
    plot: 'A lonely young woman crosses a frozen wilderness in search of the baby dragon she once rescued and raised.',
    language: 'English, Hindi',
    awards: 'Blender Foundation open movie',
    rating: 7.9,
    trailerLink: 'https://www.youtube.com/watch?v=eRsGyueVLvQ',
    languages: ['English', 'Hindi'] as FilmLanguage[],
    format: '2D' as FilmFormat,
    pricesRupees: [200, 240, 280],
  },
  {
    slug: 'tears-of-steel',
    title: 'Tears of Steel',
    year: '2012',
    rated: 'UA 13+',
    released: '26 Sep 2012',
    runtime: '12 min',
    genre: 'Sci-Fi, Action',
    director: 'Ian Hubert',
    writer: 'Ian Hubert',
    actors: 'Derek de Lint, Sergio Hasselbaink, Rogier Schippers, Vanja Rukavina, Denise Rebergen',
    plot: 'In a future Amsterdam overrun by robots, a band of scientists stages a last stand by rebuilding a painful memory.',
    language: 'English',
    awards: 'Blender Foundation open movie',
    rating: 8.0,
    trailerLink: 'https://www.youtube.com/watch?v=R6MlUcmOul8',
    languages: ['English'] as FilmLanguage[],
    format: 'IMAX' as FilmFormat,
    pricesRupees: [220, 260, 300],
  },
  {
    slug: 'spring',
    title: 'Spring',
    year: '2019',
    rated: 'U',
    released: '4 Apr 2019',
    runtime: '8 min',
    genre: 'Animation, Fantasy',
    director: 'Andy Goralczyk',
    writer: 'Andy Goralczyk',
    actors: '',
    plot: 'A shepherd girl and her dog face ancient spirits to keep the cycle of life turning.',
    language: 'No dialogue',
    awards: 'Blender Foundation open movie',
    rating: 7.9,
    trailerLink: 'https://www.youtube.com/watch?v=WhWc3b3KhnY',
    languages: [] as FilmLanguage[],
    format: '2D' as FilmFormat,
    pricesRupees: [150, 170, 190],
  },
  {
    slug: 'cosmos-laundromat',
    title: 'Cosmos Laundromat',
    year: '2015',
    rated: 'UA 13+',
    released: '10 Aug 2015',
    runtime: '12 min',
    genre: 'Animation, Comedy, Drama',
    director: 'Mathieu Auvray',
    writer: 'Esther Wouda',
    actors: 'Pierre Bokma, Reinout Scholten van Aschat',
    plot: 'On a desolate island a suicidal sheep meets a mysterious salesman who offers him the gift of a lifetime.',
    language: 'English, Tamil',
    awards: 'Blender Foundation open movie',
    rating: 8.5,
    trailerLink: 'https://www.youtube.com/watch?v=Y-rmzh0PI3c',
    languages: ['English', 'Tamil'] as FilmLanguage[],
    format: '2D' as FilmFormat,
    pricesRupees: [200, 230, 260],
  },
  {
    slug: 'elephants-dream',
    title: 'Elephants Dream',
    year: '2006',
    rated: 'UA 13+',
    released: '24 Mar 2006',
    runtime: '11 min',
    genre: 'Animation, Sci-Fi',
    director: 'Bassam Kurdali',
    writer: 'Pepijn Zwanenberg',
    actors: 'Tygo Gernandt, Cas Jansen',
    plot: 'Two men explore an endless, living machine, one of them convinced it is the whole world.',
    language: 'English',
    awards: 'Blender Foundation open movie',
    rating: null,
    trailerLink: null,
    languages: ['English'] as FilmLanguage[],
    format: '2D' as FilmFormat,
    pricesRupees: [160, 180, 200],
  },
  {
    slug: 'sprite-fright',
    title: 'Sprite Fright',
    year: '2021',
    rated: 'UA 13+',
    released: '29 Oct 2021',
    runtime: '10 min',
    genre: 'Animation, Comedy, Horror',
    director: 'Matthew Luhn, Hjalti Hjálmarsson',
    writer: 'Matthew Luhn',
    actors: 'Sophie Wallace, Ed Orton',
    plot: 'Teenagers out for a rowdy weekend in a forest meet the tiny mushroom folk who live there, and learn some manners the hard way.',
    language: 'English, Hindi',
    awards: 'Blender Studio open movie',
    rating: 7.6,
    trailerLink: 'https://www.youtube.com/watch?v=_cMxraX_5RE',
    languages: ['English', 'Hindi'] as FilmLanguage[],
    format: '3D' as FilmFormat,
    pricesRupees: [180],
  },
] as const;

/**
 * Show times by movie, minutes after midnight in the cinema's time zone. The first six play on
 * Screen 1 (the spec's map) and never overlap there, runtime and 15 minutes' cleaning counted;
 * Sprite Fright plays on Screen 2 (classes, an aisle, wheelchair spaces).
 */
const timetable = [
  [10 * 60 + 30, 14 * 60, 18 * 60 + 30, 21 * 60 + 45],
  [11 * 60, 15 * 60 + 15, 19 * 60 + 30],
  [12 * 60, 16 * 60 + 30, 20 * 60 + 15],
  [9 * 60 + 45, 13 * 60 + 30, 17 * 60 + 45],
  [11 * 60 + 30, 15 * 60 + 45, 21 * 60],
  [12 * 60 + 30, 17 * 60, 22 * 60 + 15],
  [10 * 60, 13 * 60, 16 * 60, 19 * 60, 21 * 60 + 30],
];

/** Screen 2's class prices in paise. */
const SCREEN_2_PRICES = { Classic: 18_000, Prime: 25_000, Recliner: 40_000 };

/**
 * Screen 2: rows A–H of 6 seats, a centre aisle, 6 seats (96 seats, as the sample shows have):
 * Classic at the front, Prime in the middle, Recliner at the back; row E has a wheelchair space
 * at each end with its companion seat beside it.
 */
export function screen2Layout(): Layout {
  const classOf = (row: number) => (row < 3 ? 'Classic' : row < 6 ? 'Prime' : 'Recliner');
  const kindOf = (row: number, seat: number) =>
    row !== 4
      ? 'seat'
      : seat === 0 || seat === 11
        ? 'wheelchair'
        : seat === 1 || seat === 10
          ? 'companion'
          : 'seat';
  return layoutSchema.parse({
    rows: Array.from({ length: 8 }, (_, row) => {
      const seats = Array.from({ length: 12 }, (_, seat) => ({
        class: classOf(row),
        kind: kindOf(row, seat),
      }));
      return { seats: [...seats.slice(0, 6), null, ...seats.slice(6)] };
    }),
  });
}

export const SEED_DAYS = 4;

export interface SeedOptions {
  db: Db;
  timeZone: string;
  now: Date;
  /** CLEANING_MINUTES: a show that would overlap another on its screen is left out. */
  cleaningMinutes?: number;
}

/** Seeds the sample catalogue into an empty database; a database with any movie is left alone. */
export async function seedIfEmpty({
  db,
  timeZone,
  now,
  cleaningMinutes = 15,
}: SeedOptions): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Serialises concurrent first starts on one PostgreSQL; released at commit.
    await tx.execute(sql`select pg_advisory_xact_lock(7415002)`);
    const [existing] = await tx.select({ id: movies.id }).from(movies).limit(1);
    if (existing) return false;

    const today = zonedDate(now, timeZone);
    const [screen2] = await tx
      .insert(screens)
      .values({ id: randomUUID(), name: 'Screen 2', layout: screen2Layout() })
      .returning();
    const screen1 = {
      id: DEFAULT_SCREEN_ID,
      name: DEFAULT_SCREEN_NAME,
      layout: gridLayout(STANDARD_HALL_SEATS),
    };
    const busy = new Map<string, { from: number; until: number }[]>();
    const showIds: { id: string; pricePaise: number; startsAt: Date; screen: string }[] = [];
    for (const [index, { pricesRupees, ...movie }] of catalogue.entries()) {
      const row = await insertMovie(tx, {
        ...movie,
        country: 'Netherlands',
        poster: `/posters/${movie.slug}.svg`,
        isFeatured: index < 5,
      });
      const screen = movie.slug === 'sprite-fright' ? screen2! : screen1;
      const times = timetable[index]!;
      for (let day = 0; day < SEED_DAYS; day++) {
        const date = addDays(today, day);
        for (const [slot, minutes] of times.entries()) {
          const startsAt = fromZonedParts(date, minutes, timeZone);
          const freeAt = screenFreeAt(startsAt, movie.runtime, cleaningMinutes);
          const taken = busy.get(screen.id) ?? [];
          if (taken.some((t) => t.from < freeAt.getTime() && startsAt.getTime() < t.until)) continue;
          busy.set(screen.id, [...taken, { from: startsAt.getTime(), until: freeAt.getTime() }]);
          const pricePaise = pricesRupees[slot % pricesRupees.length]! * 100;
          const prices = screen === screen1 ? { Standard: pricePaise } : SCREEN_2_PRICES;
          const show = await insertShow(tx, {
            movieId: row.id,
            startsAt,
            screenId: screen.id,
            screenName: screen.name,
            layout: screen.layout,
            prices,
            screenFreeAt: freeAt,
            // A film in two languages plays them in turn.
            language: movie.languages[slot % Math.max(1, movie.languages.length)] ?? null,
            format: movie.format,
          });
          showIds.push({ id: show.id, pricePaise: show.pricePaise, startsAt, screen: screen.id });
        }
      }
    }

    // Tomorrow's shows are certain to be in the future whatever the time of the first start.
    const tomorrow = showIds.filter(
      (show) => show.screen === DEFAULT_SCREEN_ID && zonedDate(show.startsAt, timeZone) === addDays(today, 1),
    );
    const soldOut = tomorrow[0]!;
    const cancelled = tomorrow[tomorrow.length - 1]!;
    await tx.execute(sql`update shows set status = 'cancelled' where id = ${cancelled.id}`);

    const boxOffice = await insertUser(tx, { name: 'Box Office', email: 'box-office@marquee.invalid' });
    const seats = seatLayout(STANDARD_HALL_SEATS).flatMap((row) => row.seats);
    for (let i = 0; i < seats.length; i += 8) {
      await insertBooking(tx, {
        userId: boxOffice.id,
        showId: soldOut.id,
        seats: seats.slice(i, i + 8),
        now,
      });
    }
    return true;
  });
}
