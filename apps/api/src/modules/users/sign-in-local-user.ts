import { type Db, type UserRow, users } from '@app/db';
import { eq, isNull, and } from 'drizzle-orm';
import { grantWelcome } from './grant-welcome.ts';

/**
 * Local sign-in (embedded default only): finds the user with this name that has no Discord
 * account, or creates one.
 */
export async function signInLocalUser({
  db,
  discordName,
}: {
  db: Db;
  discordName: string;
}): Promise<UserRow> {
  const [existing] = await db
    .select()
    .from(users)
    .where(and(eq(users.discordName, discordName), isNull(users.discordId)))
    .limit(1);
  if (existing) return existing;
  const [created] = await db.insert(users).values({ discordName }).returning();
  await grantWelcome({ db, userId: created!.id });
  const [granted] = await db.select().from(users).where(eq(users.id, created!.id));
  return granted!;
}
