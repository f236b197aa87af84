import { sql } from 'drizzle-orm';
import { addDays, fromZonedParts, seatLayout, STANDARD_HALL_SEATS, zonedDate } from '@marquee/shared';
import type { Db } from './client.ts';
import { insertMovie, insertBooking, insertShow, insertUser } from './factories.ts';
import { movies } from './schema.ts';

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
    pricesRupees: [180, 220, 250],
  },
  {
    slug: 'sintel',
    title: 'Sintel',
    year: '2010',
    rated: 'UA',
    released: '27 Sep 2010',
    runtime: '15 min',
    genre: 'Animation, Fantasy, Adventure',
    director: 'Colin Levy',
    writer: 'Esther Wouda',
    actors: 'Halina Reijn, Thom Hoffman',
    plot: 'A lonely young woman crosses a frozen wilderness in search of the baby dragon she once rescued and raised.',
    language: 'English',
    awards: 'Blender Foundation open movie',
    rating: 7.9,
    trailerLink: 'https://www.youtube.com/watch?v=eRsGyueVLvQ',
    pricesRupees: [200, 240, 280],
  },
  {
    slug: 'tears-of-steel',
    title: 'Tears of Steel',
    year: '2012',
    rated: 'UA',
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
    pricesRupees: [150, 170, 190],
  },
  {
    slug: 'cosmos-laundromat',
    title: 'Cosmos Laundromat',
    year: '2015',
    rated: 'UA',
    released: '10 Aug 2015',
    runtime: '12 min',
    genre: 'Animation, Comedy, Drama',
    director: 'Mathieu Auvray',
    writer: 'Esther Wouda',
    actors: 'Pierre Bokma, Reinout Scholten van Aschat',
    plot: 'On a desolate island a suicidal sheep meets a mysterious salesman who offers him the gift of a lifetime.',
    language: 'English',
    awards: 'Blender Foundation open movie',
    rating: 8.5,
    trailerLink: 'https://www.youtube.com/watch?v=Y-rmzh0PI3c',
    pricesRupees: [200, 230, 260],
  },
  {
    slug: 'elephants-dream',
    title: 'Elephants Dream',
    year: '2006',
    rated: 'UA',
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
    pricesRupees: [160, 180, 200],
  },
] as const;

/** Show times by movie, minutes after midnight in the cinema's time zone. */
const timetable = [
  [10 * 60 + 30, 14 * 60, 18 * 60 + 30, 21 * 60 + 45],
  [11 * 60, 15 * 60 + 15, 19 * 60 + 30],
  [12 * 60, 16 * 60 + 30, 20 * 60 + 15],
  [9 * 60 + 45, 13 * 60 + 30, 17 * 60 + 45],
  [11 * 60 + 15, 15 * 60 + 45, 21 * 60],
  [12 * 60 + 30, 17 * 60, 22 * 60],
];

export const SEED_DAYS = 4;

export interface SeedOptions {
  db: Db;
  timeZone: string;
  now: Date;
}

/** Seeds the sample catalogue into an empty database; a database with any movie is left alone. */
export async function seedIfEmpty({ db, timeZone, now }: SeedOptions): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Serialises concurrent first starts on one PostgreSQL; released at commit.
    await tx.execute(sql`select pg_advisory_xact_lock(7415002)`);
    const [existing] = await tx.select({ id: movies.id }).from(movies).limit(1);
    if (existing) return false;

    const today = zonedDate(now, timeZone);
    const showIds: { id: string; pricePaise: number; startsAt: Date }[] = [];
    for (const [index, { pricesRupees, ...movie }] of catalogue.entries()) {
      const row = await insertMovie(tx, {
        ...movie,
        country: 'Netherlands',
        poster: `/posters/${movie.slug}.svg`,
        isFeatured: index < 5,
      });
      const times = timetable[index]!;
      for (let day = 0; day < SEED_DAYS; day++) {
        const date = addDays(today, day);
        for (const [slot, minutes] of times.entries()) {
          const startsAt = fromZonedParts(date, minutes, timeZone);
          const pricePaise = pricesRupees[slot % pricesRupees.length]! * 100;
          const show = await insertShow(tx, {
            movieId: row.id,
            startsAt,
            pricePaise,
            totalSeats: STANDARD_HALL_SEATS,
          });
          showIds.push({ id: show.id, pricePaise, startsAt });
        }
      }
    }

    // Tomorrow's shows are certain to be in the future whatever the time of the first start.
    const tomorrow = showIds.filter((show) => zonedDate(show.startsAt, timeZone) === addDays(today, 1));
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
        pricePaise: soldOut.pricePaise,
        now,
      });
    }
    return true;
  });
}
