import { cinemaDay, messages, runtimeMinutes, setRoleRequest, zonedDate, type Role } from '@marquee/shared';
import { and, asc, count, desc, eq, gte, ilike, lt, max, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditLog, bookings, movies, sessions, shows, users } from '../../db/schema.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { parseInput } from '../../lib/parse.ts';
import {
  changeRole,
  lastAdminMessage,
  isStaff,
  requireAdmin,
  requireStaff,
  requireUser,
  countAttempt,
} from '../auth/index.ts';
import { findBookings } from '../bookings/index.ts';
import { collectItems, itemsOfBookings, toBookingItem } from '../food/index.ts';
import { isUuid, cinemaDetails } from '../catalogue/index.ts';
import { readSettings } from '../settings/index.ts';
import {
  findAdmissionBooking,
  showDateTime,
  stateProblem,
  type AdmissionBooking,
} from './admission-booking.ts';
import { checkIn } from './check-in.ts';
import { readSharedTicket, revokeShare, shareTicket } from './share-ticket.ts';
import { doorDay } from './door-day.ts';
import { admissionDocs as docs, checkInInput, usersQuery } from './docs.ts';

const DOOR_SHOW_NOT_FOUND = "Show not found among today's shows";
/** Shared-ticket opens allowed per client address per minute: a family reloading, not a crawler. */
export const SHARE_RATE_LIMIT = 30;

/** Roles as better-auth stores them: comma-joined, 'user' only when nothing else is held. */
function storedRole(role: Role | Role[]): string {
  const held = new Set<Role>(Array.isArray(role) ? role : [role]);
  const granted = (['staff', 'admin'] as const).filter((r) => held.has(r));
  return granted.length ? granted.join(',') : 'user';
}

export async function admissionRoutes(app: FastifyInstance) {
  const { db, config, clock, tickets } = app.deps;
  const timeZone = config.CINEMA_TIMEZONE;

  /** What the buyer's ticket and the shared ticket both show: one list, so the two cannot differ. */
  async function ticketFacts(booking: AdmissionBooking) {
    const { cinema } = await readSettings(db);
    return {
      reference: booking.reference,
      code: tickets.issue(booking.id, booking.ticketVersion),
      movie: booking.movieTitle,
      ...showDateTime(booking.startsAt, timeZone),
      screen: booking.screenName,
      seats: booking.seats,
      cinema: cinema.name,
      venue: cinemaDetails(config, cinema),
      startsAt: booking.startsAt.toISOString(),
      endsAt: booking.endsAt.toISOString(),
      items: ((await itemsOfBookings(db, [booking.id])).get(booking.id) ?? []).map(toBookingItem),
    };
  }

  app.get<{ Params: { id: string } }>(
    '/api/bookings/:id/ticket',
    { schema: docs.ticket },
    async (request) => {
      const user = await requireUser(request);
      if (!isUuid(request.params.id)) throw notFound('Booking not found');
      const booking = await findAdmissionBooking(db, { id: request.params.id });
      if (!booking) throw notFound('Booking not found');
      if (booking.userId !== user.id && !isStaff(user))
        throw new AppError('FORBIDDEN', messages.notAuthorized);
      const problem = stateProblem(booking);
      if (problem) throw conflict(problem);
      return {
        success: true,
        message: 'Ticket fetched',
        ticket: {
          ...(await ticketFacts(booking)),
          bookingId: booking.id,
          name: booking.userName,
          checkedInAt: booking.checkedInAt?.toISOString() ?? null,
        },
      };
    },
  );

  // A buyer's share link (CONTRACT §6): made or revoked by the owner only.
  app.post<{ Params: { id: string } }>('/api/bookings/:id/share', { schema: docs.share }, async (request) => {
    const user = await requireUser(request);
    if (!isUuid(request.params.id)) throw notFound('Booking not found');
    const link = await shareTicket({
      db,
      tickets,
      publicUrl: config.PUBLIC_URL,
      bookingId: request.params.id,
      userId: user.id,
      now: clock(),
    });
    return {
      success: true,
      message: 'Share link ready',
      url: link.url,
      expiresAt: link.expiresAt.toISOString(),
    };
  });

  app.delete<{ Params: { id: string } }>(
    '/api/bookings/:id/share',
    { schema: docs.unshare },
    async (request) => {
      const user = await requireUser(request);
      if (!isUuid(request.params.id)) throw notFound('Booking not found');
      await revokeShare({ db, bookingId: request.params.id, userId: user.id, now: clock() });
      return { success: true, message: 'Share link revoked' };
    },
  );

  // The shared ticket, for anyone holding a live link: no account, so counted per address like
  // sign-in is, and never kept by a cache on the way.
  app.get<{ Params: { token: string } }>(
    '/api/share/:token',
    { schema: docs.shared },
    async (request, reply) => {
      const now = clock();
      const { count } = await countAttempt({ db, key: `share:${request.ip}`, now, windowMs: 60_000 });
      if (count > SHARE_RATE_LIMIT)
        throw new AppError('RATE_LIMITED', 'Too many requests. Please wait a minute and try again.');
      reply.header('cache-control', 'no-store');
      const booking = await readSharedTicket({ db, tickets, token: request.params.token, now });
      return {
        success: true,
        message: 'Ticket fetched',
        ticket: {
          ...(await ticketFacts(booking)),
          admitted: booking.admittedCount,
        },
      };
    },
  );

  app.post('/api/checkin', { schema: docs.checkIn }, async (request) => {
    const staff = await requireStaff(request);
    const input = parseInput(checkInInput, request.body ?? {});
    const now = clock();
    const admitted = await checkIn({ db, tickets, input, staffId: staff.id, now, timeZone });
    // A staff answer: the buyer's mobile number comes with it, for the door to call (CONTRACT §2).
    const [booking] = await findBookings({
      db,
      where: { ids: [admitted.id] },
      now,
      timeZone,
      withEmail: true,
    });
    // How many are in as of this scan, as its own update left it: read again, the booking would
    // count a scan of the same party on another phone that committed since.
    return {
      success: true,
      message: 'Checked in',
      booking: { ...booking!, admitted: admitted.admittedCount },
      admittedNow: admitted.admittedNow,
    };
  });

  // The door: today's shows (doorDay) with how many of their sold seats are in.
  app.get('/api/door/shows', { schema: docs.doorShows }, async (request) => {
    await requireStaff(request);
    const now = clock();
    const today = doorDay(now, timeZone);
    const live = sql`${bookings.status} = 'paid' and not exists (
      select 1 from payments p join refunds r on r.payment_id = p.id where p.booking_id = ${bookings.id})`;
    const rows = await db
      .select({
        id: shows.id,
        startsAt: shows.startsAt,
        status: shows.status,
        totalSeats: shows.totalSeats,
        screenName: shows.screenName,
        title: movies.title,
        runtime: movies.runtime,
        sold: sql<number>`coalesce(sum(cardinality(${bookings.seats})) filter (where ${live}), 0)`.mapWith(
          Number,
        ),
        admitted: sql<number>`coalesce(sum(${bookings.admittedCount}) filter (where ${live}), 0)`.mapWith(
          Number,
        ),
      })
      .from(shows)
      .innerJoin(movies, eq(movies.id, shows.movieId))
      .leftJoin(bookings, eq(bookings.showId, shows.id))
      .where(today.shows)
      .groupBy(shows.id, movies.id)
      .orderBy(asc(shows.startsAt));
    return {
      success: true,
      message: 'Shows fetched',
      date: today.date,
      shows: rows.map((row) => ({
        _id: row.id,
        movie: row.title,
        ...showDateTime(row.startsAt, timeZone),
        startsAt: row.startsAt.toISOString(),
        endsAt: new Date(row.startsAt.getTime() + runtimeMinutes(row.runtime) * 60_000).toISOString(),
        status: row.status,
        screen: row.screenName,
        totalSeats: row.totalSeats,
        sold: row.sold,
        admitted: row.admitted,
      })),
    };
  });

  // A show's bookings as the door sees them: who (with their mobile number, to call a late party),
  // which seats, admitted or not — for the door's day only, and nothing the door does not need (no
  // email, amounts, payment links or refunds).
  app.get<{ Params: { showId: string } }>(
    '/api/door/shows/:showId/bookings',
    { schema: docs.doorBookings },
    async (request) => {
      await requireStaff(request);
      const showId = request.params.showId;
      if (!isUuid(showId)) throw notFound('Show not found');
      const now = clock();
      const [onToday] = await db
        .select({ id: shows.id })
        .from(shows)
        .where(and(eq(shows.id, showId), doorDay(now, timeZone).shows));
      if (!onToday) throw notFound(DOOR_SHOW_NOT_FOUND);
      const list = await findBookings({ db, where: { showId }, now, timeZone, withEmail: true });
      return {
        success: true,
        message: 'Bookings fetched',
        bookings: list
          .filter((b) => b.status === 'paid' || b.status === 'pending')
          .map((b) => ({
            _id: b._id,
            reference: b.reference,
            name: b.user.name,
            phone: b.user.phone ?? null,
            seats: b.bookedSeats,
            status: b.status,
            checkedInAt: b.checkedInAt,
            admitted: b.admitted,
            items: b.items,
            itemsCollectedAt: b.itemsCollectedAt,
          })),
      };
    },
  );

  // The Users page: search, roles, last sign-in.
  app.get('/api/admin/users', { schema: docs.users }, async (request) => {
    await requireAdmin(request);
    const query = parseInput(usersQuery, request.query ?? {});
    const pattern = query.q ? `%${query.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : null;
    const where = pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined;
    const lastSignIn = db
      .select({ userId: sessions.userId, at: max(sessions.createdAt).as('last_sign_in') })
      .from(sessions)
      .groupBy(sessions.userId)
      .as('last_sign_in');
    const [rows, [total]] = await Promise.all([
      db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          role: users.role,
          createdAt: users.createdAt,
          lastSignInAt: lastSignIn.at,
        })
        .from(users)
        .leftJoin(lastSignIn, eq(lastSignIn.userId, users.id))
        .where(where)
        .orderBy(asc(users.name), asc(users.email))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      db.select({ value: count() }).from(users).where(where),
    ]);
    return {
      success: true,
      message: 'Users fetched',
      users: rows.map((row) => ({
        _id: row.id,
        name: row.name,
        email: row.email,
        roles: row.role
          .split(',')
          .map((r) => r.trim())
          .filter((r) => r && r !== 'user'),
        createdAt: row.createdAt.toISOString(),
        lastSignInAt: row.lastSignInAt ? new Date(row.lastSignInAt).toISOString() : null,
      })),
      total: Number(total?.value ?? 0),
      page: query.page,
      pageSize: query.pageSize,
    };
  });

  // better-auth's admin endpoint, answered here (this exact path wins over /api/auth/*) so that it
  // speaks the contract's shape, knows only our three roles, keeps the last admin (changeRole), and
  // is audited. better-auth's own admin endpoints are not served (auth.ts: disabledPaths).
  // A change holds at once everywhere: the users table NOTIFYs every process's session cache.
  app.post('/api/auth/admin/set-role', { schema: docs.setRole }, async (request) => {
    const actor = await requireAdmin(request);
    const input = parseInput(setRoleRequest, request.body ?? {});
    const role = storedRole(input.role);
    if (input.userId === actor.id && !role.split(',').includes('admin'))
      throw badRequest('You cannot remove your own admin role');
    const result = await changeRole({
      db,
      target: { id: input.userId },
      role,
      actorId: actor.id,
      now: clock(),
    });
    if ('refused' in result) {
      if (result.refused === 'not-found') throw notFound('User not found');
      throw conflict(lastAdminMessage);
    }
    const changed = result.changed;
    return { success: true, message: 'Role updated', user: changed };
  });

  // Today's check-ins for the dashboard (cinema calendar).
  app.get('/api/admin/admissions', { schema: docs.admissions }, async (request) => {
    await requireAdmin(request);
    const now = clock();
    const today = zonedDate(now, timeZone);
    const { start, end } = cinemaDay(today, timeZone);
    const [row] = await db
      .select({
        bookings: count(),
        seats: sql<number>`coalesce(sum(${bookings.admittedCount}), 0)`.mapWith(Number),
      })
      .from(bookings)
      .where(and(gte(bookings.checkedInAt, start), lt(bookings.checkedInAt, end)));
    const [last] = await db
      .select({ at: auditLog.createdAt })
      .from(auditLog)
      .where(eq(auditLog.action, 'booking.check-in'))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    return {
      success: true,
      message: 'Admissions fetched',
      date: today,
      admittedBookings: Number(row?.bookings ?? 0),
      admittedSeats: Number(row?.seats ?? 0),
      lastCheckInAt: last?.at.toISOString() ?? null,
    };
  });

  /** The door hands over a booking's food and drink (CONTRACT §12), once. */
  app.post<{ Params: { id: string } }>(
    '/api/bookings/:id/collect',
    { schema: docs.collect },
    async (request) => {
      const staff = await requireStaff(request);
      const now = clock();
      await collectItems({ db, bookingId: request.params.id, staffId: staff.id, now, timeZone });
      const [booking] = await findBookings({ db, where: { ids: [request.params.id] }, now, timeZone });
      return { success: true, message: 'Items collected', booking };
    },
  );
}
