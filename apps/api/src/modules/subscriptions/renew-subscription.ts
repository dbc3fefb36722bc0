import type { SubscriptionWire } from '@app/domain';
import { AppError } from '../../lib/errors.ts';
import { changeLiveSubscription } from './change-live-subscription.ts';
import type { OwnSubscriptionOptions } from './load-own-subscription.ts';

/** Undoes a cancellation: the subscription renews again at the period end. */
export async function renewSubscription(options: OwnSubscriptionOptions): Promise<SubscriptionWire> {
  return changeLiveSubscription({
    ...options,
    prepare: (subscription) => {
      if (subscription.metadata.gifted === 'true') {
        throw new AppError('GIFT_NOT_RENEWABLE', {
          status: 409,
          message: 'A gifted plan ends after its period. Choose a plan to keep it going.',
        });
      }
    },
    update: { cancel_at_period_end: false },
  });
}
