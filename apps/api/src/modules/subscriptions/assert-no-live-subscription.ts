import { type Db, listLiveSubscriptionRows } from '@app/db';
import { AppError } from '../../lib/errors.ts';
import { giftPlanActive } from './gift-plan-active.ts';

/**
 * A new subscription starts only for a user without a live one: a paying user changes plan from
 * the subscription page, and a gifted user chooses a paid plan once the gift ends.
 */
export async function assertNoLiveSubscription({ db, userId }: { db: Db; userId: string }) {
  const [live] = await listLiveSubscriptionRows(db, userId);
  if (!live) return;
  const gift = await giftPlanActive({ db, userId });
  if (gift) throw gift;
  throw new AppError('ALREADY_SUBSCRIBED', {
    status: 409,
    message: 'You already have a subscription; change it from the subscription page',
  });
}
