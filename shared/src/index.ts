export * from './admin.ts';
export * from './bookings.ts';
export * from './catalogue.ts';
export * from './errors.ts';
export * from './money.ts';
export * from './seats.ts';
export * from './time.ts';
export * from './admin-input.ts';
