import type { AuditEntryView } from '@marquee/shared';
import { count, desc, eq, like } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema.ts';
import { entityKey, nameEntities } from './name-entities.ts';

/**
 * Audit entries newest first, each entity named as a person would name it (name-entities.ts);
 * `action` matches a prefix ('show.' finds every show action).
 */
export async function listAudit({
  db,
  action,
  timeZone,
  limit,
  offset,
}: {
  db: Queryable;
  action?: string;
  timeZone: string;
  limit: number;
  offset: number;
}): Promise<{ entries: AuditEntryView[]; total: number }> {
  const where = action
    ? like(auditLog.action, `${action.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`)
    : undefined;
  const rows = await db
    .select({ entry: auditLog, actor: { id: users.id, name: users.name, email: users.email } })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ value: count() }).from(auditLog).where(where);
  const names = await nameEntities({ db, refs: rows.map((row) => row.entry), timeZone });
  return {
    total: Number(total?.value ?? 0),
    entries: rows.map(({ entry, actor }) => ({
      _id: String(entry.id),
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId,
      entityName: names.get(entityKey(entry)) ?? null,
      actor: actor ? { _id: actor.id, name: actor.name, email: actor.email } : null,
      details: entry.details,
      createdAt: entry.createdAt.toISOString(),
    })),
  };
}
