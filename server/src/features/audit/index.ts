/** The audit feature's public entry: what the app and other features use of it. */
export { listAudit } from './list.ts';
export { recordAudit } from './record.ts';
