/** Food and drink (CONTRACT §12): what other features use. Routes: ./routes.ts. */
export {
  claimItems,
  itemsJson,
  itemsOfBookings,
  itemTaxLines,
  OutOfStockError,
  refusalOf,
  toBookingItem,
  validateItems,
  type BookingItemRow,
  type ItemRequest,
} from './items.ts';
export { collectItems } from './collect.ts';
export { foodRoutes } from './routes.ts';
