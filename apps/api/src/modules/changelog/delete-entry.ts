import { type Db, deleteChangelogEntry, getChangelogEntry } from '@app/db';
import { notFound } from '../../lib/errors.ts';
import { writeAuditLog } from '../audit/write-audit-log.ts';
import { toChangelogEntryWire } from './entry-wire.ts';

export async function deleteEntry({ db, actorId, id }: { db: Db; actorId: string; id: number }) {
  await db.transaction(async (tx) => {
    const before = await getChangelogEntry(tx, id);
    if (!before || !(await deleteChangelogEntry(tx, id))) throw notFound('Entry');
    await writeAuditLog({
      db: tx,
      actorId,
      action: 'changelog.delete',
      targetId: String(id),
      details: { before: toChangelogEntryWire(before), after: null },
    });
  });
  return { id };
}
