import type { Db } from '@app/db';
import { listLiveSubscriptions } from './sync-subscription.ts';

/**
 * The user's paid subscription (the highest-ranked live one that was not redeemed from a gift), as
 * our copy knows it; undefined when they have none.
 */
export async function findLiveSubscription({ db, userId }: { db: Db; userId: string }) {
  const live = await listLiveSubscriptions({ db, userId });
  return live.find((subscription) => !subscription.gifted);
}
