import {
  zonedDate,
  type AdminBookingsResponse,
  type AdminShowsResponse,
  type AuditResponse,
  type DashboardResponse,
} from '@marquee/shared';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { parseInput } from '../../lib/parse.ts';
import { sendCsv } from '../../lib/csv.ts';
import { listAudit } from '../audit/index.ts';
import { isAdmin, requireAdmin, requireUser } from '../auth/index.ts';
import { countBookings, findBookings, type BookingFilter } from '../bookings/index.ts';
import { listAdminShows } from '../programme/index.ts';
import { bookingsCsv } from './bookings-csv.ts';
import { dashboardFigures } from './dashboard.ts';
import { adminDocs as docs, auditQuery, bookingFilter, bookingsQuery, showsQuery } from './docs.ts';

function toFilter(query: z.infer<typeof bookingFilter>): BookingFilter {
  return {
    q: query.q || undefined,
    status: query.status,
    movieId: query.movieId,
    showId: query.showId,
    showDate: query.date,
  };
}

export async function adminRoutes(app: FastifyInstance) {
  const { db, config, clock } = app.deps;
  const timeZone = config.CINEMA_TIMEZONE;

  // Any signed-in user may ask; the answer is what the admin area's guard relies on.
  app.get('/api/admin/is-admin', { schema: docs.isAdmin }, async (request) => {
    const user = await requireUser(request);
    return { success: true, message: 'Checked', isAdmin: isAdmin(user) };
  });

  app.get('/api/admin/dashboard', { schema: docs.dashboard }, async (request): Promise<DashboardResponse> => {
    await requireAdmin(request);
    return {
      success: true,
      message: 'Dashboard data fetched',
      dashboardData: await dashboardFigures(db, clock(), timeZone),
    };
  });

  app.get(
    '/api/admin/bookings',
    { schema: docs.bookings },
    async (request): Promise<AdminBookingsResponse> => {
      await requireAdmin(request);
      const query = parseInput(bookingsQuery, request.query ?? {});
      const where = toFilter(query);
      const [bookings, total] = await Promise.all([
        findBookings({
          db,
          where,
          now: clock(),
          timeZone,
          withEmail: true,
          limit: query.pageSize,
          offset: (query.page - 1) * query.pageSize,
        }),
        countBookings({ db, where, timeZone }),
      ]);
      return {
        success: true,
        message: 'Bookings fetched',
        bookings,
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },
  );

  app.get('/api/admin/bookings.csv', { schema: docs.bookingsCsv }, async (request, reply) => {
    await requireAdmin(request);
    const where = toFilter(parseInput(bookingFilter, request.query ?? {}));
    const bookings = await findBookings({ db, where, now: clock(), timeZone, withEmail: true });
    const body = await bookingsCsv({ db, bookings, timeZone });
    const stamp = zonedDate(clock(), timeZone); // the cinema's day, like every time in the file
    return sendCsv(reply, `marquee-bookings-${stamp}.csv`, body);
  });

  app.get('/api/admin/shows', { schema: docs.shows }, async (request): Promise<AdminShowsResponse> => {
    await requireAdmin(request);
    const query = parseInput(showsQuery, request.query ?? {});
    const { shows, total } = await listAdminShows({
      db,
      filter: { movieId: query.movieId, date: query.date, status: query.status },
      now: clock(),
      timeZone,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    return {
      success: true,
      message: 'Shows fetched',
      shows,
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  });

  app.get('/api/admin/audit', { schema: docs.audit }, async (request): Promise<AuditResponse> => {
    await requireAdmin(request);
    const query = parseInput(auditQuery, request.query ?? {});
    const { entries, total } = await listAudit({
      db,
      action: query.action || undefined,
      timeZone,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    return {
      success: true,
      message: 'Audit log fetched',
      entries,
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  });
}
