import { type Db, changelogEntries } from '@app/db';
import { count } from 'drizzle-orm';

export async function countEntries({ db }: { db: Db }): Promise<number> {
  const [row] = await db.select({ value: count() }).from(changelogEntries);
  return row?.value ?? 0;
}
