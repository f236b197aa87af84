import type { Movie } from '@marquee/shared';

/** What a hero slide shows. Sample movies also carry the spec's numeric id and price. */
export type HeroMovie = Pick<
  Movie,
  | '_id'
  | 'title'
  | 'description'
  | 'poster'
  | 'rating'
  | 'genre'
  | 'duration'
  | 'trailer_link'
  | 'booking_link'
> & { id?: number; price?: number };

/**
 * The spec's two built-in slides for when no movie is featured. They are not in the catalogue,
 * so Book Tickets takes the visitor to the movie list rather than to a booking page that would
 * not find them.
 */
export const sampleHeroMovies: readonly HeroMovie[] = [
  {
    _id: 'sample-1',
    id: 1,
    title: 'Big Buck Bunny',
    description:
      'A gentle giant of a rabbit has his quiet morning in the meadow spoiled by three bullying rodents, and plans a comic revenge.',
    poster: '/posters/big-buck-bunny.svg',
    rating: 8.7,
    genre: 'Animation, Comedy, Family',
    duration: '10 min',
    price: 18,
    trailer_link: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
    booking_link: '/movies',
  },
  {
    _id: 'sample-2',
    id: 2,
    title: 'Sintel',
    description:
      'A lonely young woman crosses a frozen wilderness in search of the baby dragon she once rescued and raised.',
    poster: '/posters/sintel.svg',
    rating: 7.9,
    genre: 'Animation, Fantasy, Adventure',
    duration: '15 min',
    price: 17,
    trailer_link: 'https://www.youtube.com/watch?v=eRsGyueVLvQ',
    booking_link: '/movies',
  },
];

/** The featured movies in the order given, or the two samples when none is featured. */
export function heroMoviesFrom(movies: readonly Movie[] | undefined): readonly HeroMovie[] {
  const featured = (movies ?? []).filter((movie) => movie.featured);
  return featured.length > 0 ? featured : sampleHeroMovies;
}
