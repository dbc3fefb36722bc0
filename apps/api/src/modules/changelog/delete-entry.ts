import { type Db, changelogEntries } from '@app/db';
import { eq } from 'drizzle-orm';
import { notFound } from '../../lib/errors.ts';

export async function deleteEntry({ db, id }: { db: Db; id: number }) {
  const [row] = await db
    .delete(changelogEntries)
    .where(eq(changelogEntries.id, id))
    .returning({ id: changelogEntries.id });
  if (!row) throw notFound('Entry');
  return { id: row.id };
}
