/** The invoices feature's public entry (CONTRACT §10). */
export { issueCreditNote, issueInvoice } from './issue.ts';
