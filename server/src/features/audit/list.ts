import type { AuditEntryView } from '@marquee/shared';
import { count, desc, eq, like } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema.ts';

/** Audit entries newest first; `action` matches a prefix ('show.' finds every show action). */
export async function listAudit({
  db,
  action,
  limit,
  offset,
}: {
  db: Queryable;
  action?: string;
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
  return {
    total: Number(total?.value ?? 0),
    entries: rows.map(({ entry, actor }) => ({
      _id: String(entry.id),
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId,
      actor: actor ? { _id: actor.id, name: actor.name, email: actor.email } : null,
      details: entry.details,
      createdAt: entry.createdAt.toISOString(),
    })),
  };
}
