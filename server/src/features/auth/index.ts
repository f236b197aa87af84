/** The auth feature's public entry: what the app and other features use of it. */
export { type Auth, OIDC_PROVIDER_ID, createAuth } from './auth.ts';
export { changeRole, lastAdminMessage } from './change-role.ts';
export { ensureAdmin, setRole } from './ensure-admin.ts';
export { isAdmin, isStaff, requireAdmin, requireStaff, requireUser } from './guards.ts';
export { authRoutes } from './routes.ts';
export { resolveAuthSecret } from './secret.ts';
export { SessionCache, watchSessions } from './session-cache.ts';
export { countAttempt } from './rate-limit.ts';
export { hasRole } from './guards.ts';
