import type { Database } from '@app/db';
import { findUserByDiscordId, listJobs } from '@app/db';

export async function countJobs(database: Database, discordId: string): Promise<number> {
  const user = await findUserByDiscordId(database.db, discordId);
  if (!user) return 0;
  return (await listJobs(database.db, { userId: user.id, limit: 1000 })).length;
}
