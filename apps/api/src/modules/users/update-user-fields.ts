import { randomUUID } from 'node:crypto';
import {
  type Currency,
  type Db,
  type UserChanges,
  type UserRow,
  isUniqueViolation,
  setBalance,
  updateUser,
} from '@app/db';
import { type UpdateUserFieldsBody, isKnownPlan } from '@app/domain';
import { AppError, badRequest } from '../../lib/errors.ts';
import { writeAuditLog } from '../audit/write-audit-log.ts';
import { getUser } from './get-user.ts';

/**
 * An admin's edit of one user, all or nothing: the balances, the other columns and the audit entry
 * are written in one transaction, so a refused part leaves the user as it was. Balances move only
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
  if (fields.subscription_status !== undefined && !isKnownPlan(fields.subscription_status)) {
    throw badRequest(`Unknown plan: ${fields.subscription_status}`, 'UNKNOWN_PLAN');
  }

  const editId = randomUUID();
  return db.transaction(async (tx) => {
    const before = await getUser({ db: tx, userId });
    const balances: [Currency, number | undefined][] = [
      ['credits', fields.credits],
      ['hypercredits', fields.hypercredits],
    ];
    for (const [currency, target] of balances) {
      if (target === undefined) continue;
      await setBalance(tx, {
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
      try {
        await updateUser(tx, userId, columns);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // Local sign-in names are unique among users without a Discord account.
        throw new AppError('NAME_TAKEN', { status: 409, message: 'Another user already has that name' });
      }
    }

    const after = await getUser({ db: tx, userId });
    await writeAuditLog({
      db: tx,
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
  });
}

function pick(user: UserRow, fields: UpdateUserFieldsBody) {
  return {
    ...(fields.credits !== undefined && { credits: user.credits }),
    ...(fields.hypercredits !== undefined && { hypercredits: user.hypercredits }),
    ...(fields.subscription_status !== undefined && { subscription_status: user.subscriptionStatus }),
    ...(fields.discordName !== undefined && { discordName: user.discordName }),
  };
}
