/** The admission feature's public entry: what the app and other features use of it. */
export { showDateTime } from './admission-booking.ts';
export { admissionRoutes } from './routes.ts';
export { TicketCodes, ticketKeyFromSecret } from './ticket-code.ts';
export { currentShareUrl } from './share-ticket.ts';
