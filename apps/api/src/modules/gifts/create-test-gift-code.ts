import { type Db, type UserRow, insertGiftCode } from '@app/db';
import type { GiftCodeWire } from '@app/domain';
import { generateGiftCode } from './generate-gift-code.ts';
import { toGiftCodeWire } from './gift-code-wire.ts';
import { giftCodeOwner } from './list-gift-codes.ts';

/** The plan a test gift code gives. */
export const TEST_GIFT_TIER = 'Professional Plan';

/**
 * Admin only (`testpost`): a gift code nobody paid for, for trying the redeem flow from the hidden
 * page. It belongs to the given customer's user (default: the admin) and carries no payment.
 */
export async function createTestGiftCode({
  db,
  user,
  stripeId,
}: {
  db: Db;
  user: UserRow;
  stripeId?: string | null;
}): Promise<GiftCodeWire> {
  const owner = await giftCodeOwner(db, user, stripeId);
  const row = await insertGiftCode(db, {
    code: generateGiftCode(),
    tier: TEST_GIFT_TIER,
    purchaserId: owner.id,
  });
  if (!row) throw new Error('A new gift code clashed with a stored one');
  return toGiftCodeWire(row);
}
