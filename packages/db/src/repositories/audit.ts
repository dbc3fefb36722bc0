import type { DbOrTx } from '../client.ts';
import { auditLog } from '../schema/audit.ts';

export interface AuditEntry {
  actorId: string | null;
  action: string;
  targetId: string | null;
  details?: Record<string, unknown>;
}

export async function insertAuditEntry(db: DbOrTx, { details = {}, ...entry }: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({ ...entry, details });
}
