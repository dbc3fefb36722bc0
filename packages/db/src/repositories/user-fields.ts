import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { type UserRow, users } from '../schema/index.ts';

/** What a repository may change of a person in place: balances move only through the ledger. */
type UserFields = Partial<Omit<UserRow, 'id' | 'credits' | 'hypercredits' | 'createdAt' | 'updatedAt'>>;

/**
 * Changes the given fields of a person and stamps the change; the exported writers (profile,
 * settings, moderation, preferences) each narrow which fields they take.
 */
export async function updateUserFields(
  db: DbOrTx,
  id: string,
  changes: UserFields,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}
