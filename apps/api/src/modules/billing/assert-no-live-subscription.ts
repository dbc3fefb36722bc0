import { type Db, subscriptions } from '@app/db';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';
import { giftPlanActive } from '../gifts/gift-plan-active.ts';
import { LIVE_STATUSES } from './sync-subscription.ts';

/**
 * A new subscription starts only for a user without a live one: a paying user changes plan from
 * the subscription page, and a gifted user chooses a paid plan once the gift ends.
 */
export async function assertNoLiveSubscription({ db, userId }: { db: Db; userId: string }) {
  const [live] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, LIVE_STATUSES)));
  if (!live) return;
  const gift = await giftPlanActive({ db, userId });
  if (gift) throw gift;
  throw new AppError('ALREADY_SUBSCRIBED', {
    status: 409,
    message: 'You already have a subscription; change it from the subscription page',
  });
}
