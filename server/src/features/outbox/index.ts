/**
 * The email outbox's public entry: features queue an email in their own transaction here; the email
 * feature's worker renders and sends it after commit. Kept apart from the worker so that queueing
 * an email depends on nothing (the worker reads bookings, tickets and settings to render).
 */
export { enqueueEmail, type ShowWas } from './outbox.ts';
