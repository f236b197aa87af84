import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { recordAudit } from '../audit/index.ts';
import { hasRole } from './guards.ts';

/** Accounts holding the admin role (better-auth keeps several roles comma-separated). */
const holdsAdmin = sql`'admin' = any(string_to_array(replace(${users.role}, ' ', ''), ','))`;

export type RoleChange =
  | { changed: { id: string; name: string; email: string; role: string } }
  | { refused: 'not-found' | 'last-admin' };

/**
 * Sets an account's stored role (`user`, `staff`, `admin` or `staff,admin`), audited, in one
 * transaction that never leaves the cinema without an admin. Every role change (the admin area,
 * `npm run admin`, ADMIN_EMAIL aside) goes through here.
 */
export async function changeRole({
  db,
  target,
  role,
  actorId,
  now,
  by,
}: {
  db: Db;
  target: { id: string } | { email: string };
  role: string;
  /** The admin who asked; null for the operator's command line. */
  actorId: string | null;
  now: Date;
  /** Said in the audit entry when no admin asked (`npm run admin`). */
  by?: string;
}): Promise<RoleChange> {
  return db.transaction(async (tx) => {
    // The admins' rows are locked first, in one order, by every role change. Two admins demoting
    // each other at once (on two processes) queue here, and the second reads the admins again
    // after the first commits (PostgreSQL re-checks a locked row's WHERE): it is refused rather
    // than leave nobody to run the cinema.
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(holdsAdmin)
      .orderBy(asc(users.id))
      .for('update');
    const [before] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where('id' in target ? eq(users.id, target.id) : eq(users.email, target.email.toLowerCase()))
      .for('update');
    if (!before) return { refused: 'not-found' } as const;
    const demoted = hasRole(before, 'admin') && !hasRole({ role }, 'admin');
    if (demoted && admins.filter((admin) => admin.id !== before.id).length === 0)
      return { refused: 'last-admin' } as const;
    const [changed] = await tx
      .update(users)
      .set({ role, updatedAt: now })
      .where(eq(users.id, before.id))
      .returning({ id: users.id, name: users.name, email: users.email, role: users.role });
    await recordAudit(tx, {
      actorId,
      action: 'user.set-role',
      entityType: 'user',
      entityId: before.id,
      details: { from: before.role, to: role, ...(by ? { by } : {}) },
    });
    return { changed: changed! };
  });
}

/** The refusal in the admin area's and the command line's words. */
export const lastAdminMessage = 'At least one admin must remain: make someone else an admin first';
