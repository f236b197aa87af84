import type { Queryable } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

export interface AuditEntry {
  actorId: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  details?: Record<string, unknown>;
}

/** Records who did what to which entity; staff read it in the admin area. */
export async function recordAudit(db: Queryable, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({ ...entry, details: entry.details ?? {} });
}
