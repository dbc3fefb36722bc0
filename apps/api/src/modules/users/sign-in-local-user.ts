import { type Db, type UserRow, createUser, findLocalUser, findUserById } from '@app/db';
import { grantWelcome } from './grant-welcome.ts';

/**
 * Local sign-in (embedded default only): finds the user with this name that has no Discord
 * account, or creates one (with the welcome grant).
 */
export async function signInLocalUser({
  db,
  discordName,
}: {
  db: Db;
  discordName: string;
}): Promise<UserRow> {
  const existing = await findLocalUser(db, discordName);
  if (existing) return existing;
  const created = await createUser(db, { discordName });
  await grantWelcome({ db, userId: created.id });
  return (await findUserById(db, created.id))!;
}
