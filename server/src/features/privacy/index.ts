export { DELETED_ACCOUNT, eraseAccount } from './close-account.ts';
export { privacyRoutes } from './routes.ts';
