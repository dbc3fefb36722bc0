import { randomInt } from 'node:crypto';
import { type Db, type UserRow, setDiscordIdIfAbsent } from '@app/db';

const DISCORD_EPOCH = 1420070400000n;

/** A fresh id in Discord's snowflake shape (time in the high bits), for a local account. */
export function generateSnowflake(now = Date.now()): string {
  return (((BigInt(now) - DISCORD_EPOCH) << 22n) | BigInt(randomInt(0, 1 << 22))).toString();
}

/**
 * The embedded default's Discord identity of a local user: seeded users get the emulator's fixed
 * ids, others a generated snowflake, stored once so the bot finds the same account.
 */
export async function ensureLocalDiscordId({
  db,
  user,
  seededIds,
}: {
  db: Db;
  user: UserRow;
  seededIds: Record<string, string>;
}): Promise<string> {
  if (user.discordId) return user.discordId;
  const wanted = seededIds[user.discordName] ?? generateSnowflake();
  // The seeded id can be taken by an account the bot made for that emulator user first.
  const stored = await setDiscordIdIfAbsent(db, user.id, wanted).catch(() =>
    setDiscordIdIfAbsent(db, user.id, generateSnowflake()),
  );
  return stored ?? wanted;
}
