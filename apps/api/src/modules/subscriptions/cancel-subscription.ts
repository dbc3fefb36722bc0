import type { SubscriptionWire } from '@app/domain';
import { changeLiveSubscription } from './change-live-subscription.ts';
import type { OwnSubscriptionOptions } from './load-own-subscription.ts';

/**
 * Cancels at the end of the current period: the plan stays until then and is not renewed. A
 * scheduled downgrade is dropped first (Stripe does not let a schedule-managed subscription change
 * its cancellation), so the subscription simply ends on that date.
 */
export async function cancelSubscription(options: OwnSubscriptionOptions): Promise<SubscriptionWire> {
  return changeLiveSubscription({
    ...options,
    prepare: async ({ schedule }) => {
      if (schedule) {
        await options.stripe.subscriptionSchedules.release(
          typeof schedule === 'string' ? schedule : schedule.id,
        );
      }
    },
    update: { cancel_at_period_end: true, metadata: { downgradeTo: '' } },
  });
}
