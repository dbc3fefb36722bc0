import { type Db, subscriptions } from '@app/db';
import { type OwnSubscriptionsResult, PLAN_RANK } from '@app/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { LIVE_STATUSES } from '../billing/sync-subscription.ts';

/**
 * The user's live subscriptions from our copy: paid ones first, then gifted, each by plan rank. The
 * status page manages the first.
 */
export async function listOwnSubscriptions({
  db,
  userId,
}: {
  db: Db;
  userId: string;
}): Promise<OwnSubscriptionsResult> {
  const rows = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, LIVE_STATUSES)));
  const rank = (tier: string) => {
    const index = PLAN_RANK.indexOf(tier);
    return index < 0 ? PLAN_RANK.length : index;
  };
  rows.sort((a, b) => Number(a.gifted) - Number(b.gifted) || rank(a.tier) - rank(b.tier));
  return {
    subscriptions: rows.map((row) => ({
      subscription_id: row.id,
      tier: row.tier,
      status: row.status,
      gifted: row.gifted,
    })),
  };
}
