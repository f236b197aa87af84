/** The screens feature's public entry: what the app and other features use of it. */
export { screenRoutes } from './routes.ts';
export {
  DEFAULT_SCREEN_ID,
  DEFAULT_SCREEN_NAME,
  STANDARD_CLASS,
  classPrices,
  findScreen,
  screenFreeAt,
  screenOverlapError,
} from './screen-rules.ts';
