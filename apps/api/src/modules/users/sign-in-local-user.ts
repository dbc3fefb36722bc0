import { type Db, type UserRow, createUser, findLocalUser } from '@app/db';

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
  return (await findLocalUser(db, discordName)) ?? createUser(db, { discordName });
}
