import {
  formatTimeOfDay,
  paiseToRupees,
  pricesInRupees,
  showStatus,
  toZonedParts,
  type Movie,
  type Show,
} from '@marquee/shared';
import type { movies, shows } from '../../db/schema.ts';

type MovieRow = typeof movies.$inferSelect;
type ShowRow = typeof shows.$inferSelect;

export function toMovie(row: MovieRow): Movie {
  return {
    _id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.plot,
    poster: row.poster,
    rating: row.rating,
    genre: row.genre,
    duration: row.runtime,
    trailer_link: row.trailerLink,
    booking_link: `/booking/${row.id}`,
    featured: row.isFeatured,
    active: row.active,
    Title: row.title,
    Year: row.year,
    Rated: row.rated,
    Released: row.released,
    Runtime: row.runtime,
    Genre: row.genre,
    Director: row.director,
    Writer: row.writer,
    Actors: row.actors,
    Plot: row.plot,
    Language: row.language,
    Country: row.country,
    Awards: row.awards,
    Poster: row.poster,
    // Empty when unrated (CONTRACT §8): cards then show the spec's 8.0, the detail page N/A.
    Ratings: row.rating === null ? '' : row.rating.toFixed(1),
    distributorSharePercent: Number(row.distributorSharePercent),
    languages: row.languages,
    format: row.format,
  };
}

export function toShow<M>(row: ShowRow, takenSeats: number, movie: M, timeZone: string): Show<M> {
  const { date, minutes } = toZonedParts(row.startsAt, timeZone);
  const availableSeats = Math.max(0, row.totalSeats - takenSeats);
  return {
    _id: row.id,
    movie,
    showDate: date,
    showTime: formatTimeOfDay(minutes),
    startsAt: row.startsAt.toISOString(),
    showPrice: paiseToRupees(row.pricePaise),
    totalSeats: row.totalSeats,
    availableSeats,
    status: showStatus(row.status, availableSeats),
    screen: { _id: row.screenId, name: row.screenName },
    prices: pricesInRupees(row.prices),
    language: row.language,
    format: row.format,
  };
}
