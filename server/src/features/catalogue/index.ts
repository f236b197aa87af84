/** The catalogue feature's public entry: what the app and other features use of it. */
export { CATALOGUE_CHANNEL, MovieCache, notifyCatalogueChange } from './movie-cache.ts';
export { isUuid } from './queries.ts';
export { catalogueRoutes, cinemaDetails } from './routes.ts';
export { toMovie, toShow } from './serialize.ts';
