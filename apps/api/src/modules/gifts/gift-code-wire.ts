import type { GiftCodeRow } from '@app/db';
import type { GiftCodeWire } from '@app/domain';

/** A stored gift code as the buyer sees it. */
export function toGiftCodeWire(row: GiftCodeRow): GiftCodeWire {
  return {
    code: row.code,
    tier: row.tier,
    date: Math.floor(row.createdAt.getTime() / 1000),
    valid: row.redeemedBy === null && row.redeemedAt === null && row.voidedAt === null,
  };
}
