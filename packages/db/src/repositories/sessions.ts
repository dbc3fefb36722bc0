import { and, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { sessions } from '../schema/sessions.ts';
import { users } from '../schema/users.ts';
import type { UserRow } from './users.ts';

/** The user of a live session and when it expires, in one query; undefined when none is live. */
export async function findSessionUser(
  db: DbOrTx,
  idHash: string,
  now: Date,
): Promise<{ user: UserRow; expiresAt: Date } | undefined> {
  const [row] = await db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, now)));
  return row;
}

export async function createSession(
  db: DbOrTx,
  values: { idHash: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(values);
}

export async function extendSession(db: DbOrTx, idHash: string, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.idHash, idHash));
}

export async function deleteSession(db: DbOrTx, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}
