import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts, users } from '../../db/schema.ts';
import { EnvError } from '../../env.ts';
import { recordAudit } from '../audit/index.ts';
import type { Auth } from './auth.ts';
import { changeRole } from './change-role.ts';
import { hasRole } from './guards.ts';

/**
 * Makes sure the configured account exists and is an admin. An existing admin keeps its password
 * (an operator may have changed it since); a new account gets ADMIN_PASSWORD. An existing account
 * that is not an admin is promoted only when its password is ADMIN_PASSWORD: anyone can sign up
 * without proving the address is theirs, so an account made first under ADMIN_EMAIL may be an
 * attacker's, and promoting it would hand them the cinema. Start-up stops instead (EnvError).
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
  const find = async () =>
    (await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, normalized)))[0];
  let existing = await find();
  if (!existing) {
    try {
      await auth.api.signUpEmail({ body: { name: 'Administrator', email: normalized, password } });
    } catch (error) {
      // Another process created it in the meantime; checking and promoting it below is all that is left.
      if (!(await find())) throw error;
    }
    existing = (await find())!;
  }
  if (hasRole(existing, 'admin')) return;
  if (!(await passwordIs(db, auth, existing.id, password))) {
    throw new EnvError(
      `ADMIN_EMAIL: ${normalized} already has an account that is not an admin, and its password is not ` +
        'ADMIN_PASSWORD. Anyone can sign up, so it may not be yours: it was not made an admin. If it is ' +
        `yours, set ADMIN_PASSWORD to its password or run \`npm run admin -- promote ${normalized}\`; if ` +
        'not, choose another ADMIN_EMAIL (and remove or rename that account).',
    );
  }
  await db.update(users).set({ role: 'admin', updatedAt: new Date() }).where(eq(users.id, existing.id));
  await recordAudit(db, {
    actorId: null,
    action: 'user.set-role',
    entityType: 'user',
    entityId: existing.id,
    details: { from: existing.role, to: 'admin', by: 'ADMIN_EMAIL' },
  });
}

/** Whether the account's email-and-password sign-in takes this password (an OIDC-only account has none). */
async function passwordIs(db: Db, auth: Auth, userId: string, password: string): Promise<boolean> {
  const [credential] = await db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  if (!credential?.hash) return false;
  const context = await auth.$context;
  return context.password.verify({ hash: credential.hash, password });
}

/** `npm run admin`: sets an account's role by email, audited, keeping at least one admin. */
export function setRole({ db, email, role }: { db: Db; email: string; role: 'admin' | 'user' }) {
  return changeRole({ db, target: { email }, role, actorId: null, now: new Date(), by: 'npm run admin' });
}
