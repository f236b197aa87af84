/** The settings feature's public entry: other features read the settings through here. */
export { readSettings, seedSettings } from './store.ts';
export { settingsRoutes } from './routes.ts';
