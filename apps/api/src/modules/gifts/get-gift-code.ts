import { type Db, type UserRow, listGiftCodesOf } from '@app/db';
import type { GiftCodeWire } from '@app/domain';
import { toGiftCodeWire } from './gift-code-wire.ts';
import { giftCodeOwner } from './list-gift-codes.ts';

/** `get_gift_code`: the newest gift code the user bought (null when none). */
export async function getGiftCode({
  db,
  user,
  stripeId,
}: {
  db: Db;
  user: UserRow;
  stripeId?: string | null;
}): Promise<GiftCodeWire | null> {
  const owner = await giftCodeOwner(db, user, stripeId);
  const [row] = await listGiftCodesOf(db, owner.id, 1);
  return row ? toGiftCodeWire(row) : null;
}
