/** The email feature's public entry: what the app and other features use of it. */
export { type Mailer, createMailer } from './mailer.ts';
export { startEmailWorker } from './worker.ts';
