import { messages } from '@marquee/shared';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: string;
}

const resolved = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

/** The user behind the request's session cookie or bearer token, or null; looked up once per request. */
export function sessionUser(request: FastifyRequest): Promise<SessionUser | null> {
  let pending = resolved.get(request);
  if (!pending) {
    pending = request.server.deps.auth.api
      .getSession({ headers: fromNodeHeaders(request.headers) })
      .then((session) =>
        session
          ? {
              id: session.user.id,
              name: session.user.name,
              email: session.user.email,
              role: (session.user as { role?: string | null }).role ?? 'user',
            }
          : null,
      )
      .catch(() => null);
    resolved.set(request, pending);
  }
  return pending;
}

/** 401 'Authentication required' unless signed in. */
export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await sessionUser(request);
  if (!user) throw new AppError('UNAUTHORIZED', messages.authenticationRequired);
  return user;
}

export const isAdmin = (user: SessionUser) => user.role === 'admin';

/** 401 when signed out, 403 'Not authorized' unless an admin. */
export async function requireAdmin(request: FastifyRequest): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!isAdmin(user)) throw new AppError('FORBIDDEN', messages.notAuthorized);
  return user;
}
