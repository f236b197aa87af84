/** The box office feature's public entry (CONTRACT §11). */
export { boxOfficeRoutes } from './routes.ts';
export { sellAtCounter, COUNTER_GATEWAY } from './sell-at-counter.ts';
export { refundAtCounter } from './refund-at-counter.ts';
export { closeShift, openShift, cashUpOf } from './shifts.ts';
export { expectedCashPaise } from './shifts.ts';
