/** The waiting list's public entry (CONTRACT §13). */
export { listEntries } from './entries.ts';
export { closeEndedWaitlists, makeOffers } from './offers.ts';
export { waitlistRoutes } from './routes.ts';
export { startWaitlistWorker } from './worker.ts';
export { joinWaitlist, leaveWaitlist } from './entries.ts';
