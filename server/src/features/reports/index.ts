/** The reports feature's public entry (CONTRACT §14). */
export { dailyReport } from './daily-report.ts';
export { filmsReport } from './films-report.ts';
export { reportRoutes } from './routes.ts';
export { queueDailyReportEmail, startDailyReportEmailer } from './daily-email.ts';
