import { type Db, type UserRow, giftCodes } from '@app/db';
import type { GiftCodeWire } from '@app/domain';
import { desc, eq } from 'drizzle-orm';
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
  const [row] = await db
    .select()
    .from(giftCodes)
    .where(eq(giftCodes.purchaserId, owner.id))
    .orderBy(desc(giftCodes.createdAt), desc(giftCodes.id))
    .limit(1);
  return row ? toGiftCodeWire(row) : null;
}
