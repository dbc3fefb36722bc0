import { type Db, deleteUserById } from '@app/db';
import { badRequest } from '../../lib/errors.ts';
import { writeAuditLog } from '../audit/write-audit-log.ts';
import { getUser } from './get-user.ts';

/** Deletes a user; their sessions and ledger rows go with them (foreign keys cascade). */
export async function deleteUser({ db, actorId, userId }: { db: Db; actorId: string; userId: string }) {
  const user = await getUser({ db, userId });
  if (user.id === actorId) throw badRequest('You cannot delete your own account here', 'OWN_ACCOUNT');
  await db.transaction(async (tx) => {
    await deleteUserById(tx, user.id);
    await writeAuditLog({
      db: tx,
      actorId,
      action: 'user.delete',
      targetId: user.id,
      details: { discordName: user.discordName, discordId: user.discordId, email: user.email },
    });
  });
}
