import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { changelogEntries } from '../schema/changelog.ts';

export type ChangelogEntryRow = typeof changelogEntries.$inferSelect;
export type ChangelogContent = Pick<
  ChangelogEntryRow,
  'title' | 'changeDate' | 'changeText' | 'backgroundColor'
>;

/** Every entry, newest first. */
export async function listChangelogEntries(db: DbOrTx): Promise<ChangelogEntryRow[]> {
  return db
    .select()
    .from(changelogEntries)
    .orderBy(desc(changelogEntries.createdAt), desc(changelogEntries.id));
}

export async function countChangelogEntries(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ value: count() }).from(changelogEntries);
  return row?.value ?? 0;
}

/** Whether another entry (not `exceptId`) already has this title. */
export async function changelogTitleTaken(db: DbOrTx, title: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: changelogEntries.id })
    .from(changelogEntries)
    .where(
      exceptId === undefined
        ? eq(changelogEntries.title, title)
        : and(eq(changelogEntries.title, title), ne(changelogEntries.id, exceptId)),
    );
  return row !== undefined;
}

export async function insertChangelogEntry(
  db: DbOrTx,
  values: ChangelogContent & { authorId: string },
): Promise<ChangelogEntryRow> {
  const [row] = await db.insert(changelogEntries).values(values).returning();
  return row!;
}

export async function updateChangelogEntry(
  db: DbOrTx,
  id: number,
  values: ChangelogContent,
): Promise<ChangelogEntryRow | undefined> {
  const [row] = await db
    .update(changelogEntries)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(changelogEntries.id, id))
    .returning();
  return row;
}

/** Deletes an entry; false when there was none. */
export async function deleteChangelogEntry(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .delete(changelogEntries)
    .where(eq(changelogEntries.id, id))
    .returning({ id: changelogEntries.id });
  return rows.length > 0;
}

export async function getChangelogEntry(db: DbOrTx, id: number): Promise<ChangelogEntryRow | undefined> {
  const [row] = await db.select().from(changelogEntries).where(eq(changelogEntries.id, id));
  return row;
}
