/** A movie as the API answers: the listing fields and the OMDb-style detail fields (CONTRACT §3). */
export interface Movie {
  _id: string;
  slug: string;
  title: string;
  description: string;
  poster: string;
  rating: number | null;
  genre: string;
  duration: string;
  trailer_link: string | null;
  booking_link: string;
  /** Shown in the home page's hero carousel. */
  featured: boolean;
  Title: string;
  Year: string;
  Rated: string;
  Released: string;
  Runtime: string;
  Genre: string;
  Director: string;
  Writer: string;
  Actors: string;
  Plot: string;
  Language: string;
  Country: string;
  Awards: string;
  Poster: string;
  /** '7.9', or '' when the movie has no rating. */
  Ratings: string;
}

export type ShowStatus = 'active' | 'sold-out' | 'cancelled';

/** A show as the API answers (CONTRACT §3). `movie` is the id unless a route embeds the movie. */
export interface Show<M = string> {
  _id: string;
  movie: M;
  showDate: string;
  showTime: string;
  startsAt: string;
  /** Rupees: the lowest class price. */
  showPrice: number;
  totalSeats: number;
  availableSeats: number;
  status: ShowStatus;
  /** The screen the show is on, named as it was when the show was made (CONTRACT §7). */
  screen: { _id: string; name: string };
  /** Class → rupees. */
  prices: Record<string, number>;
}

/** A movie with its bookable shows and the figures the home cards show. */
export interface MovieWithShows extends Movie {
  /** The movie again, for clients that read an entry as `{ movie, shows }` (CONTRACT §8). */
  movie: Movie;
  shows: Show[];
  showCount: number;
  showDates: string[];
  lowestPrice: number | null;
}

export interface MoviesResponse {
  success: true;
  message: string;
  movies: Movie[];
}
export interface MovieResponse {
  success: true;
  message: string;
  movie: Movie;
}
export interface MoviesWithShowsResponse {
  success: true;
  message: string;
  movies: MovieWithShows[];
}
export interface ShowsResponse {
  success: true;
  message: string;
  shows: Show<Movie>[];
}
export interface SeatsResponse {
  success: true;
  message: string;
  showId: string;
  totalSeats: number;
  availableSeats: number;
  status: ShowStatus;
  occupiedSeats: Record<string, true>;
}

/** What the client needs to know about this cinema (GET /api/config). */
export interface CinemaConfig {
  success: true;
  message: string;
  cinemaName: string;
  timeZone: string;
  paymentWindowSeconds: number;
  maxSeatsPerBooking: number;
  currency: 'INR';
  /** Hosted sign-in providers offered beside email and password. */
  signInProviders: { id: string; name: string }[];
  cinema: CinemaDetails;
}

/** Where and when to find the cinema; null for what the cinema has not set. */
export interface CinemaDetails {
  name: string;
  address: string | null;
  phone: string | null;
  hours: string | null;
  mapUrl: string | null;
}
