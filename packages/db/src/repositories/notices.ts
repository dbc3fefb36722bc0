import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { type AccountNoticeRow, accountNotices } from '../schema/notices.ts';

/**
 * The notice under `key`, written now if it is new. Its `sentAt` says whether it still has to go
 * out; `attemptedAt` whether an earlier send may have reached the user.
 */
export async function recordAccountNotice(
  db: DbOrTx,
  notice: { key: string; userId: string; kind: string },
): Promise<AccountNoticeRow> {
  await db.insert(accountNotices).values(notice).onConflictDoNothing();
  const [row] = await db.select().from(accountNotices).where(eq(accountNotices.key, notice.key));
  return row!;
}

export async function markAccountNoticeAttempted(db: DbOrTx, key: string): Promise<void> {
  await db.update(accountNotices).set({ attemptedAt: new Date() }).where(eq(accountNotices.key, key));
}

/** Marks the notice sent; false when it already was. */
export async function markAccountNoticeSent(db: DbOrTx, key: string): Promise<boolean> {
  const rows = await db
    .update(accountNotices)
    .set({ sentAt: new Date() })
    .where(and(eq(accountNotices.key, key), isNull(accountNotices.sentAt)))
    .returning({ key: accountNotices.key });
  return rows.length > 0;
}

/** The user's notices of one kind, oldest first. */
export async function listAccountNotices(db: DbOrTx, userId: string): Promise<AccountNoticeRow[]> {
  return db
    .select()
    .from(accountNotices)
    .where(eq(accountNotices.userId, userId))
    .orderBy(accountNotices.createdAt);
}
