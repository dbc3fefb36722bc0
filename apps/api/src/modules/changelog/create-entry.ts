import { type Db, changelogTitleTaken, insertChangelogEntry } from '@app/db';
import { writeAuditLog } from '../audit/write-audit-log.ts';
import { toChangelogEntryWire } from './entry-wire.ts';
import { type EntryContent, duplicateTitle, guardDuplicateTitle, prepareContent } from './prepare-content.ts';

export async function createEntry({
  db,
  authorId,
  content,
}: {
  db: Db;
  authorId: string;
  content: EntryContent;
}) {
  const values = prepareContent(content);
  if (await changelogTitleTaken(db, values.title)) throw duplicateTitle(values.title);
  const row = await guardDuplicateTitle(values.title, () =>
    db.transaction(async (tx) => {
      const inserted = await insertChangelogEntry(tx, { ...values, authorId });
      await writeAuditLog({
        db: tx,
        actorId: authorId,
        action: 'changelog.create',
        targetId: String(inserted.id),
        details: { before: null, after: toChangelogEntryWire(inserted) },
      });
      return inserted;
    }),
  );
  return toChangelogEntryWire(row);
}
