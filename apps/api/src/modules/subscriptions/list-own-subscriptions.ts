import type { Db } from '@app/db';
import type { OwnSubscriptionsResult } from '@app/domain';
import { listLiveSubscriptions } from './sync-subscription.ts';

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
  const rows = await listLiveSubscriptions({ db, userId });
  // Sorting is stable: within paid and within gifted, the plan-rank order stays.
  rows.sort((a, b) => Number(a.gifted) - Number(b.gifted));
  return {
    subscriptions: rows.map((row) => ({
      subscription_id: row.id,
      tier: row.tier,
      status: row.status,
      gifted: row.gifted,
      current_period_end: row.currentPeriodEnd ? Math.floor(row.currentPeriodEnd.getTime() / 1000) : null,
      cancel_at_period_end: row.cancelAtPeriodEnd,
    })),
  };
}
