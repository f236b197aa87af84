/** The favourites feature's public entry: what the app and other features use of it. */
export { favouriteRoutes } from './routes.ts';
export { listFavourites } from './favourites.ts';
