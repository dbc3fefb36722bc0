import { type Db, type UserRow, upsertLocalUser } from '@app/db';

/**
 * Local sign-in (embedded default only): the user with this name that has no Discord account,
 * created when new. One statement, so concurrent first sign-ins of a name make one user.
 */
export async function signInLocalUser({
  db,
  discordName,
}: {
  db: Db;
  discordName: string;
}): Promise<UserRow> {
  return upsertLocalUser(db, discordName);
}
