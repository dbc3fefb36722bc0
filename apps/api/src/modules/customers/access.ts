import { type Db, type UserRow, findUserById } from '@app/db';
import { assertMayActOn } from '../../lib/authorization.ts';
import { forbidden, notFound } from '../../lib/errors.ts';

/** Stripe objects carry the customer either as an id or expanded. */
export function customerIdOf(customer: string | { id: string } | null | undefined): string | null {
  if (!customer) return null;
  return typeof customer === 'string' ? customer : customer.id;
}

/**
 * The account a call acts for: the signed-in user's own, or (admins only) the one `userId` names.
 * A `stripeId` sent along must be that account's customer.
 */
export async function findTargetUser({
  db,
  user,
  userId,
  stripeId,
}: {
  db: Db;
  user: UserRow;
  userId?: string | null;
  stripeId?: string | null;
}): Promise<UserRow> {
  let target = user;
  if (userId && userId !== user.id) {
    assertMayActOn(user, { userId }, 'That account is not yours');
    const found = await findUserById(db, userId);
    if (!found) throw notFound('User');
    target = found;
  }
  if (stripeId && stripeId !== target.stripeCustomerId) {
    throw forbidden('That customer is not yours');
  }
  return target;
}
