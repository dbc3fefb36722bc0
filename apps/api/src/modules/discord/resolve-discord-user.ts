import { type Db, type UserRow, createDiscordUserIfAbsent, findUserByDiscordId, findUserById } from '@app/db';
import { grantWelcome } from '../users/grant-welcome.ts';

/**
 * The account of the person behind an interaction: the one Discord login finds by the same id, or
 * a new free account with the welcome grant. Two first interactions racing insert once (the unique
 * Discord id); the loser reads the winner's row.
 */
export async function resolveDiscordUser({
  db,
  discordId,
  username,
}: {
  db: Db;
  discordId: string;
  username: string;
}): Promise<UserRow> {
  const existing = await findUserByDiscordId(db, discordId);
  if (existing) return existing;
  const created = await db.transaction(async (tx) => {
    const row = await createDiscordUserIfAbsent(tx, { discordId, discordName: username.slice(0, 64) });
    if (row) await grantWelcome({ db: tx, userId: row.id });
    return row;
  });
  if (created) return (await findUserById(db, created.id))!;
  return (await findUserByDiscordId(db, discordId))!;
}
