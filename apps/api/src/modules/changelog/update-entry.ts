import { type Db, changelogEntries } from '@app/db';
import { and, eq, ne } from 'drizzle-orm';
import { notFound } from '../../lib/errors.ts';
import { toChangelogEntryWire } from './entry-wire.ts';
import { type EntryContent, duplicateTitle, guardDuplicateTitle, prepareContent } from './prepare-content.ts';

export async function updateEntry({ db, id, content }: { db: Db; id: number; content: EntryContent }) {
  const values = prepareContent(content);
  const [taken] = await db
    .select({ id: changelogEntries.id })
    .from(changelogEntries)
    .where(and(eq(changelogEntries.title, values.title), ne(changelogEntries.id, id)));
  if (taken) throw duplicateTitle(values.title);
  const [row] = await guardDuplicateTitle(values.title, () =>
    db
      .update(changelogEntries)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(changelogEntries.id, id))
      .returning(),
  );
  if (!row) throw notFound('Entry');
  return toChangelogEntryWire(row);
}
