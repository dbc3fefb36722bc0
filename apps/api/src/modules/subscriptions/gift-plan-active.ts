import type { Db } from '@app/db';
import { giftPlanMessage } from '@app/domain';
import { AppError } from '../../lib/errors.ts';
import { listLiveSubscriptions } from './sync-subscription.ts';

/**
 * The refusal for a user whose only live plan is a gift: it cannot be changed (it has no card and
 * ends by itself), and a paid plan can be chosen once it has ended. Undefined when the user has a
 * paid plan or no gift running.
 */
export async function giftPlanActive({ db, userId }: { db: Db; userId: string }) {
  const live = await listLiveSubscriptions({ db, userId });
  if (live.some((subscription) => !subscription.gifted)) return undefined;
  const gift = live[0];
  if (!gift) return undefined;
  const periodEnd = gift.currentPeriodEnd ? Math.floor(gift.currentPeriodEnd.getTime() / 1000) : null;
  return new AppError('GIFT_PLAN_ACTIVE', { status: 409, message: giftPlanMessage(gift.tier, periodEnd) });
}
