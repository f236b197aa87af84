import { holdsRole, messages } from '@marquee/shared';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { FastifyRequest } from 'fastify';
import { sessions, users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: string;
}

const resolved = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

/**
 * The session token a request carries: `Authorization: Bearer <token>` (raw, or signed as
 * `token.signature` as the set-auth-token header gives it) or better-auth's session cookie.
 * The token is 32 random characters looked up in the database, so the signature adds nothing
 * to the check and is not needed here; a tampered token simply matches no session.
 */
export function sessionToken(headers: FastifyRequest['headers']): string | null {
  const authorization = headers.authorization;
  if (authorization?.startsWith('Bearer ')) return authorization.slice(7).trim().split('.')[0] || null;
  const cookie = headers.cookie;
  if (!cookie) return null;
  const match = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/.exec(cookie);
  return match ? decodeURIComponent(match[1]!).split('.')[0] || null : null;
}

function prepareSessionLookup(db: Db) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      banned: users.banned,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.token, sql.placeholder('token')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .prepare('marquee_session_user');
}
const lookups = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>();

/**
 * The user behind the request's session, or null; once per request. Answered from the session
 * cache when this process has checked the token lately (see SessionCache for why that is safe),
 * else one prepared, indexed query.
 */
export function sessionUser(request: FastifyRequest): Promise<SessionUser | null> {
  let pending = resolved.get(request);
  if (!pending) {
    const token = sessionToken(request.headers);
    pending = token ? lookUp(request, token) : Promise.resolve(null);
    resolved.set(request, pending);
  }
  return pending;
}

async function lookUp(request: FastifyRequest, token: string): Promise<SessionUser | null> {
  const { db, clock, sessions: cache } = request.server.deps;
  const now = clock();
  const cached = cache.get(token, now.getTime());
  if (cached !== undefined) return cached;
  let lookup = lookups.get(db);
  if (!lookup) lookups.set(db, (lookup = prepareSessionLookup(db)));
  const generation = cache.generation;
  const [row] = await lookup.execute({ token, now });
  if (!row || row.banned) return null;
  const user = { id: row.id, name: row.name, email: row.email, role: row.role };
  cache.set(token, user, row.expiresAt.getTime(), now.getTime(), generation);
  return user;
}

/** 401 'Authentication required' unless signed in. */
export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await sessionUser(request);
  if (!user) throw new AppError('UNAUTHORIZED', messages.authenticationRequired);
  return user;
}

/** The role is read per request (holdsRole: several are comma-joined). */
export const hasRole = (user: Pick<SessionUser, 'role'>, role: 'admin' | 'staff') =>
  holdsRole(user.role, role);

export const isAdmin = (user: SessionUser) => hasRole(user, 'admin');

/** Door and box-office staff, or an admin (who may do anything staff may). */
export const isStaff = (user: SessionUser) => hasRole(user, 'staff') || isAdmin(user);

/** 401 when signed out, 403 'Not authorized' unless an admin. */
export async function requireAdmin(request: FastifyRequest): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!isAdmin(user)) throw new AppError('FORBIDDEN', messages.notAuthorized);
  return user;
}

/** 401 when signed out, 403 'Not authorized' unless staff or an admin. */
export async function requireStaff(request: FastifyRequest): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!isStaff(user)) throw new AppError('FORBIDDEN', messages.notAuthorized);
  return user;
}
