import { type Db, type UserRow, findUserByCustomerId, listGiftCodesOf } from '@app/db';
import type { GiftCodeListResult, GiftCodeWire } from '@app/domain';
import { assertMayActOn } from '../../lib/authorization.ts';
import { notFound } from '../../lib/errors.ts';
import { toGiftCodeWire } from './gift-code-wire.ts';

/** Whose codes a call asks for: the signed-in user's, or (admins only) another customer's. */
export async function giftCodeOwner(db: Db, user: UserRow, stripeId: string | null | undefined) {
  if (!stripeId || stripeId === user.stripeCustomerId) return user;
  assertMayActOn(user, { customerId: stripeId }, 'That customer is not yours');
  const owner = await findUserByCustomerId(db, stripeId);
  if (!owner) throw notFound('Customer');
  return owner;
}

/** The gift codes a user bought, newest first. */
export async function listGiftCodes({
  db,
  user,
  stripeId,
}: {
  db: Db;
  user: UserRow;
  stripeId?: string | null;
}): Promise<GiftCodeListResult> {
  const owner = await giftCodeOwner(db, user, stripeId);
  const rows = await listGiftCodesOf(db, owner.id);
  const codes: GiftCodeWire[] = rows.map(toGiftCodeWire);
  return {
    giftCodes: codes
      .map((code) => `${code.code}: ${new Date(code.date * 1000).toISOString().slice(0, 10)}`)
      .join('|'),
    codes,
  };
}
