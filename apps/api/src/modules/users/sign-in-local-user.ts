import { type Db, type UserRow, findLocalUser, findUserById, upsertLocalUser } from '@app/db';
import { grantWelcome } from './grant-welcome.ts';

/**
 * Local sign-in (embedded default only): the user with this name that has no Discord account,
 * created when new (one statement, so concurrent first sign-ins of a name make one user), with the
 * one-time welcome grant.
 */
export async function signInLocalUser({
  db,
  discordName,
}: {
  db: Db;
  discordName: string;
}): Promise<UserRow> {
  // A local user keeps their name once the channel page has given them a Discord id.
  const existing = await findLocalUser(db, discordName);
  if (existing) return existing;
  const { user, created } = await upsertLocalUser(db, discordName);
  if (!created) return user;
  await grantWelcome({ db, userId: user.id });
  return (await findUserById(db, user.id))!;
}
