/** The invoices feature's public entry (CONTRACT §10). */
export { cancelInvoice, issueCreditNote, issueInvoice } from './issue.ts';
export { readInvoice } from './read-invoice.ts';
export { invoiceRoutes } from './routes.ts';
