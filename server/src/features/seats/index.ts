/** The seats feature's public entry: what the app and other features use of it. */
export { blocksSeat, takenSeatsByShow } from './live-claims.ts';
export { seatRoutes } from './routes.ts';
export { SEAT_CHANNEL, SeatMapCache } from './seat-map-cache.ts';
