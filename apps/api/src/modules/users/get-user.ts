import { type DbOrTx, type UserRow, findUserById } from '@app/db';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';

const Uuid = z.uuid();

/** The user with this id, or a 404 (ids that are not even uuids are simply unknown). */
export async function getUser({ db, userId }: { db: DbOrTx; userId: string }): Promise<UserRow> {
  if (!Uuid.safeParse(userId).success) throw notFound('User');
  const user = await findUserById(db, userId);
  if (!user) throw notFound('User');
  return user;
}
