import type { Database } from '@app/db';
import { findUserByDiscordId, listJobs, searchUsers } from '@app/db';

export async function countJobs(database: Database, discordId: string): Promise<number> {
  const user = await findUserByDiscordId(database.db, discordId);
  if (!user) return 0;
  return (await listJobs(database.db, { userId: user.id, limit: 1000 })).length;
}

export async function countUsers(database: Database): Promise<number> {
  return (await searchUsers(database.db, { query: '', isUserId: false, limit: 100_000, offset: 0 })).length;
}

export async function balanceOf(database: Database, discordId: string) {
  const user = await findUserByDiscordId(database.db, discordId);
  return user ? { credits: user.credits, hypercredits: user.hypercredits } : null;
}
