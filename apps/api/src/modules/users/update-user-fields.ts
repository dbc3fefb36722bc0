import { randomUUID } from 'node:crypto';
import { type Currency, type Db, type UserChanges, type UserRow, setBalance, updateUser } from '@app/db';
import { type UpdateUserFieldsBody, isKnownPlan } from '@app/domain';
import { badRequest } from '../../lib/errors.ts';
import { writeAuditLog } from '../audit/write-audit-log.ts';
import { getUser } from './get-user.ts';

/**
 * An admin's edit of one user. Every input is checked before anything changes; balances move only
 * through the ledger (each edit under its own key), and the audit log records the old and new values.
 */
export async function updateUserFields({
  db,
  actorId,
  userId,
  fields,
}: {
  db: Db;
  actorId: string;
  userId: string;
  fields: UpdateUserFieldsBody;
}): Promise<UserRow> {
  const before = await getUser({ db, userId });
  if (fields.subscription_status !== undefined && !isKnownPlan(fields.subscription_status)) {
    throw badRequest(`Unknown plan: ${fields.subscription_status}`, 'UNKNOWN_PLAN');
  }

  const editId = randomUUID();
  const balances: [Currency, number | undefined][] = [
    ['credits', fields.credits],
    ['hypercredits', fields.hypercredits],
  ];
  for (const [currency, target] of balances) {
    if (target === undefined) continue;
    await setBalance(db, {
      userId,
      currency,
      target,
      reason: 'admin-set',
      idempotencyKey: `admin-set:${editId}:${currency}`,
    });
  }

  const columns: UserChanges = {};
  if (fields.subscription_status !== undefined) columns.subscriptionStatus = fields.subscription_status;
  if (fields.discordName !== undefined) columns.discordName = fields.discordName;
  if (Object.keys(columns).length > 0) {
    await updateUser(db, userId, columns);
  }

  const after = await getUser({ db, userId });
  await writeAuditLog({
    db,
    actorId,
    action: 'user.update',
    targetId: userId,
    details: {
      editId,
      before: pick(before, fields),
      after: pick(after, fields),
    },
  });
  return after;
}

function pick(user: UserRow, fields: UpdateUserFieldsBody) {
  return {
    ...(fields.credits !== undefined && { credits: user.credits }),
    ...(fields.hypercredits !== undefined && { hypercredits: user.hypercredits }),
    ...(fields.subscription_status !== undefined && { subscription_status: user.subscriptionStatus }),
    ...(fields.discordName !== undefined && { discordName: user.discordName }),
  };
}
