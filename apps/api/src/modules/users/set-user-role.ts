import { type Db, type UserRow, updateUser } from '@app/db';
import type { Role } from '@app/domain';
import { badRequest } from '../../lib/errors.ts';
import { writeAuditLog } from '../audit/write-audit-log.ts';

/** Gives a user a role. Admins cannot change their own role, so no one locks themselves out. */
export async function setUserRole({
  db,
  actorId,
  user,
  role,
  action,
}: {
  db: Db;
  actorId: string;
  user: UserRow;
  role: Role;
  action: 'role.set' | 'admin.grant';
}): Promise<UserRow> {
  if (user.id === actorId) throw badRequest('You cannot change your own role', 'OWN_ROLE');
  const updated = await updateUser(db, user.id, { role });
  await writeAuditLog({ db, actorId, action, targetId: user.id, details: { from: user.role, to: role } });
  return updated!;
}
