import { type Db, type UserRow, users } from '@app/db';
import { EMAIL_PLACEHOLDER, EmailInput } from '@app/domain';
import { eq } from 'drizzle-orm';
import type { DiscordUser } from '../auth/fetch-discord-account.ts';
import { grantWelcome } from './grant-welcome.ts';

/**
 * Creates or refreshes our user for a Discord account: the name follows Discord (display name,
 * else username); a verified Discord email fills the email only while we have none, so an email
 * the user chose is kept.
 */
export async function upsertDiscordUser({ db, account }: { db: Db; account: DiscordUser }): Promise<UserRow> {
  const discordName = (account.global_name || account.username).slice(0, 64);
  const parsedEmail = account.verified && account.email ? EmailInput.safeParse(account.email) : undefined;
  const email = parsedEmail?.success ? parsedEmail.data : null;

  const [existing] = await db.select().from(users).where(eq(users.discordId, account.id));
  if (existing) {
    const keepEmail = existing.email && existing.email !== EMAIL_PLACEHOLDER;
    const [updated] = await db
      .update(users)
      .set({
        discordName,
        email: keepEmail ? existing.email : (email ?? existing.email),
        updatedAt: new Date(),
      })
      .where(eq(users.id, existing.id))
      .returning();
    return updated!;
  }
  // Two first sign-ins racing: the loser's insert does nothing and it reads the winner's row.
  const [created] = await db
    .insert(users)
    .values({ discordId: account.id, discordName, email })
    .onConflictDoNothing({ target: users.discordId })
    .returning();
  if (created) {
    await grantWelcome({ db, userId: created.id });
    const [granted] = await db.select().from(users).where(eq(users.id, created.id));
    return granted!;
  }
  const [row] = await db.select().from(users).where(eq(users.discordId, account.id));
  return row!;
}
