import { type Db, countChangelogEntries } from '@app/db';

export async function countEntries({ db }: { db: Db }): Promise<number> {
  return countChangelogEntries(db);
}
