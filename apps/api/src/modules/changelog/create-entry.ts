import { type Db, changelogEntries } from '@app/db';
import { eq } from 'drizzle-orm';
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
  const [taken] = await db
    .select({ id: changelogEntries.id })
    .from(changelogEntries)
    .where(eq(changelogEntries.title, values.title));
  if (taken) throw duplicateTitle(values.title);
  const [row] = await guardDuplicateTitle(values.title, () =>
    db
      .insert(changelogEntries)
      .values({ ...values, authorId })
      .returning(),
  );
  return toChangelogEntryWire(row!);
}
