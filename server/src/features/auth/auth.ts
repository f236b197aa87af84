import { accountPhoneSchema } from '@marquee/shared';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin, bearer, genericOAuth } from 'better-auth/plugins';
import { adminAc, defaultAc, userAc } from 'better-auth/plugins/admin/access';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { accounts, sessions, users, verifications } from '../../db/schema.ts';
import { ownOrigins, type Env } from '../../env.ts';
import { enqueueEmail } from '../outbox/index.ts';

export const OIDC_PROVIDER_ID = 'oidc';

export interface CreateAuthOptions {
  db: Db;
  config: Env;
  secret: string;
  log: FastifyBaseLogger;
  /**
   * Runs inside better-auth's deleteUser once the password is confirmed, before it deletes the
   * user row: the privacy feature's erasure (features/privacy/close-account.ts), which may refuse.
   */
  beforeDeleteUser?: (userId: string) => Promise<void>;
}

export function createAuth({ db, config, secret, log, beforeDeleteUser }: CreateAuthOptions) {
  const oidc =
    config.OIDC_ISSUER && config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET
      ? [
          genericOAuth({
            config: [
              {
                providerId: OIDC_PROVIDER_ID,
                discoveryUrl: `${config.OIDC_ISSUER.replace(/\/+$/, '')}/.well-known/openid-configuration`,
                clientId: config.OIDC_CLIENT_ID,
                clientSecret: config.OIDC_CLIENT_SECRET,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
              },
            ],
          }),
        ]
      : [];

  // The cross-origin guard (plugins/cross-origin.ts) checks the same origins for every /api call.
  const trustedOrigins = [...ownOrigins(config), ...config.CORS_ORIGINS];

  // Staff (CONTRACT §6) work the door and the box office: no user administration at all.
  const admins = admin({
    defaultRole: 'user',
    adminRoles: ['admin'],
    roles: { user: userAc, staff: defaultAc.newRole({ user: [], session: [] }), admin: adminAc },
  });

  return betterAuth({
    appName: config.CINEMA_NAME,
    baseURL: config.PUBLIC_URL,
    basePath: '/api/auth',
    secret,
    trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      // 'Forgot password?': a single-use link for one hour, sent through the email outbox; the
      // new password signs the account out everywhere.
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const url = `${config.PUBLIC_URL}/reset-password?token=${encodeURIComponent(token)}`;
        await enqueueEmail(db, { kind: 'password-reset', to: user.email, name: user.name, url, key: token });
      },
    },
    user: {
      // The mobile number (CONTRACT §2): optional at sign-up, editable on the profile, kept as
      // +91 and 10 digits whatever spacing was typed; anything else is a 400 in the words below.
      additionalFields: {
        phone: { type: 'string', required: false, input: true, validator: { input: accountPhoneSchema } },
      },
      // Served only as DELETE /api/user (features/privacy), which checks the cinema's rules first.
      deleteUser: {
        enabled: true,
        beforeDelete: async (user) => {
          await beforeDeleteUser?.(user.id);
        },
      },
    },
    // Limits are ours (rate-limit.ts): kept in the database so every process shares them.
    rateLimit: { enabled: false },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    advanced: {
      database: { generateId: () => crypto.randomUUID() },
      useSecureCookies: config.PUBLIC_URL.startsWith('https:'),
    },
    telemetry: { enabled: false },
    // Unexpected failures reach our error handler, which logs them without query parameters
    // (better-auth would print the whole error, values included, to the console).
    onAPIError: { throw: true },
    // Into the app's own log, not the console (a wrong password is not a server warning).
    logger: {
      log: (level, message) => (level === 'error' ? log.error(message) : log.debug(`[auth] ${message}`)),
    },
    // None of the admin plugin's endpoints is served: they change roles, passwords, bans and
    // sessions (even an admin's, even the last admin's) past our rules and the audit log. The admin
    // area uses our own routes; POST /api/auth/admin/set-role is answered by admission/routes.ts
    // (changeRole) before the bridge. Matched by better-auth on the path it routes by, so no
    // spelling of the address gets past it.
    // verify-password: no client of ours asks it, and it would check passwords outside the
    // sign-in limit for anyone holding a session.
    // delete-user: only through DELETE /api/user, which refuses what the cinema cannot let go.
    disabledPaths: [
      ...Object.values(admins.endpoints).map((endpoint) => endpoint.path),
      '/verify-password',
      '/delete-user',
      '/delete-user/callback',
    ],
    plugins: [bearer(), admins, ...oidc],
  });
}

export type Auth = ReturnType<typeof createAuth>;
