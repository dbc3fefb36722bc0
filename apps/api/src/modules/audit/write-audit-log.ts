import { type DbOrTx, insertAuditEntry } from '@app/db';

/** Records one admin action: who did what to whom, with the values that changed. */
export async function writeAuditLog({
  db,
  actorId,
  action,
  targetId,
  details = {},
}: {
  db: DbOrTx;
  actorId: string;
  action: string;
  targetId: string | null;
  details?: Record<string, unknown>;
}): Promise<void> {
  await insertAuditEntry(db, { actorId, action, targetId, details });
}
