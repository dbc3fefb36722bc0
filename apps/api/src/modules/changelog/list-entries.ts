import { type Db, changelogEntries } from '@app/db';
import { desc } from 'drizzle-orm';
import { toChangelogEntryWire } from './entry-wire.ts';

/** Every entry, newest first. */
export async function listEntries({ db }: { db: Db }) {
  const rows = await db
    .select()
    .from(changelogEntries)
    .orderBy(desc(changelogEntries.createdAt), desc(changelogEntries.id));
  return rows.map(toChangelogEntryWire);
}
