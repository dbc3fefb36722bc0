import { type Db, listChangelogEntries } from '@app/db';
import { toChangelogEntryWire } from './entry-wire.ts';

/** Every entry, newest first. */
export async function listEntries({ db }: { db: Db }) {
  const rows = await listChangelogEntries(db);
  return rows.map(toChangelogEntryWire);
}
