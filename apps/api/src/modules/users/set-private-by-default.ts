import { type DbOrTx, type UserRow, setUserPreferences } from '@app/db';
import { notFound } from '../../lib/errors.ts';

/**
 * A person's choice that their new creations start private (from Discord and the studio); the
 * studio's settings and the bot's `/settings` both call this. Each creation can still be switched
 * with `PATCH /api/jobs/:id`.
 */
export async function setPrivateByDefault({
  db,
  userId,
  value,
}: {
  db: DbOrTx;
  userId: string;
  value: boolean;
}): Promise<UserRow> {
  const row = await setUserPreferences(db, userId, { privateByDefault: value });
  if (!row) throw notFound('User');
  return row;
}
