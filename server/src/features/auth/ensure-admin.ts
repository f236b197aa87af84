import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { Auth } from './auth.ts';

/**
 * Makes sure the configured account exists and is an admin. An existing account keeps its
 * password (an operator may have changed it since); a new one gets ADMIN_PASSWORD.
 */
export async function ensureAdmin({
  db,
  auth,
  email,
  password,
}: {
  db: Db;
  auth: Auth;
  email: string;
  password: string;
}) {
  const normalized = email.toLowerCase();
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, normalized));
  if (!existing) {
    try {
      await auth.api.signUpEmail({ body: { name: 'Administrator', email: normalized, password } });
    } catch (error) {
      // Another process created it in the meantime; promoting it below is all that is left.
      const [again] = await db.select({ id: users.id }).from(users).where(eq(users.email, normalized));
      if (!again) throw error;
    }
  }
  await db.update(users).set({ role: 'admin', updatedAt: new Date() }).where(eq(users.email, normalized));
}

/** Sets an account's role; false when there is no such account. */
export async function setRole({ db, email, role }: { db: Db; email: string; role: 'admin' | 'user' }) {
  const rows = await db
    .update(users)
    .set({ role, updatedAt: new Date() })
    .where(eq(users.email, email.toLowerCase()))
    .returning({ id: users.id });
  return rows.length > 0;
}
