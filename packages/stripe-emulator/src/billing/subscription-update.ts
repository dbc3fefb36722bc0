import type { Ctx } from '../ctx.ts';
import { applyChanges, type Kept, type SubscriptionChanges } from '../types.ts';

/** Changes a subscription's fields and announces it, unless it is still being created. */
export function updateSubscription(ctx: Ctx, sub: Kept<'subscription'>, changes: SubscriptionChanges): void {
  const previous = applyChanges(sub, changes);
  if (Object.keys(previous).length > 0 && !ctx.creating.has(sub.id)) {
    ctx.emit('customer.subscription.updated', sub, previous);
  }
}
