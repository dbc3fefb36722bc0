import { type Db, changelogTitleTaken, updateChangelogEntry } from '@app/db';
import { notFound } from '../../lib/errors.ts';
import { toChangelogEntryWire } from './entry-wire.ts';
import { type EntryContent, duplicateTitle, guardDuplicateTitle, prepareContent } from './prepare-content.ts';

export async function updateEntry({ db, id, content }: { db: Db; id: number; content: EntryContent }) {
  const values = prepareContent(content);
  if (await changelogTitleTaken(db, values.title, id)) throw duplicateTitle(values.title);
  const row = await guardDuplicateTitle(values.title, () => updateChangelogEntry(db, id, values));
  if (!row) throw notFound('Entry');
  return toChangelogEntryWire(row);
}
