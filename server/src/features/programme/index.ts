/** The programme feature's public entry: what the app and other features use of it. */
export { cancelShow, cancelShowAndRefund, SHOW_CANCELLED_REASON } from './cancel-show.ts';
export { slugify } from './create-movie.ts';
export { deleteShow } from './delete-show.ts';
export { listAdminShows } from './list-shows.ts';
export { movieRoutes } from './movie-routes.ts';
export { programmeRoutes } from './routes.ts';
export { updateShow } from './update-show.ts';
