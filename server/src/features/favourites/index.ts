export { listFavourites } from './favourites.ts';
