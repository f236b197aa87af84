/** The email feature's public entry: what the app and other features use of it. */
export { type Mailer, createMailer } from './mailer.ts';
export { enqueueEmail } from './outbox.ts';
export { startEmailWorker } from './worker.ts';
