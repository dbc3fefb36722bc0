import { type Db, changelogTitleTaken, getChangelogEntry, updateChangelogEntry } from '@app/db';
import { notFound } from '../../lib/errors.ts';
import { writeAuditLog } from '../audit/write-audit-log.ts';
import { toChangelogEntryWire } from './entry-wire.ts';
import { type EntryContent, duplicateTitle, guardDuplicateTitle, prepareContent } from './prepare-content.ts';

export async function updateEntry({
  db,
  actorId,
  id,
  content,
}: {
  db: Db;
  actorId: string;
  id: number;
  content: EntryContent;
}) {
  const values = prepareContent(content);
  if (await changelogTitleTaken(db, values.title, id)) throw duplicateTitle(values.title);
  const row = await guardDuplicateTitle(values.title, () =>
    db.transaction(async (tx) => {
      const before = await getChangelogEntry(tx, id);
      if (!before) return undefined;
      const updated = (await updateChangelogEntry(tx, id, values))!;
      await writeAuditLog({
        db: tx,
        actorId,
        action: 'changelog.edit',
        targetId: String(id),
        details: { before: toChangelogEntryWire(before), after: toChangelogEntryWire(updated) },
      });
      return updated;
    }),
  );
  if (!row) throw notFound('Entry');
  return toChangelogEntryWire(row);
}
