import {
  type Db,
  type UserRow,
  createDiscordUserIfAbsent,
  findUserByDiscordId,
  findUserById,
  updateUser,
} from '@app/db';
import { EMAIL_PLACEHOLDER, EmailInput } from '@app/domain';
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

  const existing = await findUserByDiscordId(db, account.id);
  if (existing) {
    const keepEmail = existing.email && existing.email !== EMAIL_PLACEHOLDER;
    const updated = await updateUser(db, existing.id, {
      discordName,
      email: keepEmail ? existing.email : (email ?? existing.email),
    });
    return updated!;
  }
  // Two first sign-ins racing: the loser's insert does nothing and it reads the winner's row.
  const created = await createDiscordUserIfAbsent(db, { discordId: account.id, discordName, email });
  if (!created) return (await findUserByDiscordId(db, account.id))!;
  await grantWelcome({ db, userId: created.id });
  return (await findUserById(db, created.id))!;
}
