import { type Db, changelogTitleTaken, insertChangelogEntry } from '@app/db';
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
    insertChangelogEntry(db, { ...values, authorId }),
  );
  return toChangelogEntryWire(row);
}
