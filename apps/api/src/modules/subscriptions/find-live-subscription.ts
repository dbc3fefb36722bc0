import { type Db, subscriptions } from '@app/db';
import { PLAN_RANK } from '@app/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { LIVE_STATUSES } from '../billing/sync-subscription.ts';

/**
 * The user's paid subscription (the highest-ranked live one that was not redeemed from a gift), as
 * our copy knows it; undefined when they have none.
 */
export async function findLiveSubscription({ db, userId }: { db: Db; userId: string }) {
  const live = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.status, LIVE_STATUSES),
        eq(subscriptions.gifted, false),
      ),
    );
  const rank = (tier: string) => {
    const index = PLAN_RANK.indexOf(tier);
    return index < 0 ? PLAN_RANK.length : index;
  };
  return live.sort((a, b) => rank(a.tier) - rank(b.tier))[0];
}
