import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { SessionUser } from './guards.ts';

/** NOTIFY channel on which every change to a session or an account names the account (db/sql/marquee_notify_session_change.sql). */
export const SESSION_CHANNEL = 'marquee_sessions';

interface Entry {
  user: SessionUser;
  /** The session's own end, in ms. */
  expiresAt: number;
  /** When this copy stops being trusted without a fresh look at the database, in ms. */
  staleAt: number;
}

/**
 * Sessions this process has checked, so a signed-in request costs no query.
 *
 * Correctness rests on revocation, not on the time to live: every change to a session or an
 * account NOTIFYs SESSION_CHANNEL at commit (database triggers, so a change from any process or
 * tool counts), and each process drops that account's entries when it hears it. A lookup that
 * raced a notification is not kept (`generation`). While the LISTEN connection is down nothing
 * is cached, since notifications would be missed. The time to live only bounds how long a copy
 * lives if all of that failed silently.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly tokensOf = new Map<string, Set<string>>();
  /** Bumped by every revocation, so a lookup that started before one is not stored. */
  generation = 0;
  private enabled: boolean;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 50_000,
  ) {
    this.enabled = ttlMs > 0;
  }

  get(token: string, now: number): SessionUser | null | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (now < entry.expiresAt && now < entry.staleAt) return entry.user;
    this.remove(token, entry.user.id);
    return undefined;
  }

  /** Keeps a lookup's answer unless a revocation arrived since `generation` was read. */
  set(token: string, user: SessionUser, expiresAt: number, now: number, generation: number): void {
    if (!this.enabled || generation !== this.generation) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.entries().next().value;
      if (oldest) this.remove(oldest[0], oldest[1].user.id);
    }
    this.entries.set(token, { user, expiresAt, staleAt: now + this.ttlMs });
    let tokens = this.tokensOf.get(user.id);
    if (!tokens) this.tokensOf.set(user.id, (tokens = new Set()));
    tokens.add(token);
  }

  /** Forgets every session of an account (a NOTIFY named it). */
  revokeUser(userId: string): void {
    this.generation++;
    for (const token of this.tokensOf.get(userId) ?? []) this.entries.delete(token);
    this.tokensOf.delete(userId);
  }

  /** Forgets everything; with `enabled` false, stores nothing until enabled again. */
  clear(enabled = this.ttlMs > 0): void {
    this.generation++;
    this.entries.clear();
    this.tokensOf.clear();
    this.enabled = enabled && this.ttlMs > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  private remove(token: string, userId: string) {
    this.entries.delete(token);
    const tokens = this.tokensOf.get(userId);
    tokens?.delete(token);
    if (tokens && !tokens.size) this.tokensOf.delete(userId);
  }
}

/**
 * Wires the cache to the database: the NOTIFYs of every process revoke, a lost LISTEN connection
 * stops caching until it is back, and this process's own account changes (everything under
 * /api/auth that is not a read) clear its copy before the answer leaves, not a moment later when
 * its own NOTIFY comes back.
 */
export async function watchSessions(app: FastifyInstance, database: Database, cache: SessionCache) {
  const unlisten = await database.listen(SESSION_CHANNEL, (userId) =>
    userId ? cache.revokeUser(userId) : cache.clear(),
  );
  const stopEvents = database.onListenerEvent((event) => cache.clear(event.state === 'restored'));
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.url.startsWith('/api/auth/'))
      cache.clear();
    done(null, payload);
  });
  app.addHook('onClose', async () => {
    stopEvents();
    await unlisten();
  });
}
