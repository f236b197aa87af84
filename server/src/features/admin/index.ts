/** The admin feature's public entry: what the app and other features use of it. */
export { adminRoutes } from './routes.ts';
