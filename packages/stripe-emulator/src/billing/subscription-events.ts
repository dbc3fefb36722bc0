import { subscriptionOf } from './invoice-parent.ts';
import type { Ctx } from '../ctx.ts';
import type { Kept, SubscriptionChanges } from '../types.ts';
import { applyPendingUpdate, isPendingUpdateInvoice } from './pending-state.ts';
import { isRetried } from './retries.ts';
import { updateSubscription } from './subscription-update.ts';

export { updateSubscription };

export function subscriptionInvoicePaid(ctx: Ctx, inv: Kept<'invoice'>): void {
  const sub = ctx.find(subscriptionOf(inv) as string, 'subscription');
  if (!sub) return;
  applyPendingUpdate(ctx, sub, inv);
  const changes: SubscriptionChanges = {};
  const fromTrial = sub.status === 'trialing' && inv.billing_reason === 'subscription_cycle';
  if (['incomplete', 'past_due', 'unpaid'].includes(sub.status) || fromTrial) changes.status = 'active';
  const pi = inv.payments!.data[0]?.payment?.payment_intent as string | undefined;
  const pm = pi ? ctx.find(pi, 'payment_intent')?.payment_method : undefined;
  if (
    pm &&
    !sub.default_payment_method &&
    sub.payment_settings?.save_default_payment_method === 'on_subscription'
  ) {
    changes.default_payment_method = pm;
  }
  updateSubscription(ctx, sub, changes);
}

export function subscriptionInvoiceFailed(ctx: Ctx, inv: Kept<'invoice'>): void {
  const sub = ctx.find(subscriptionOf(inv) as string, 'subscription');
  // A held change's invoice failing leaves the subscription as it was, not past due.
  if (isPendingUpdateInvoice(ctx, inv)) return;
  if (!sub) return;
  if (isRetried(inv) && inv.next_payment_attempt === null) return endAfterRetries(ctx, sub);
  if (['active', 'trialing'].includes(sub.status)) updateSubscription(ctx, sub, { status: 'past_due' });
}

/** The last retry failed: the subscription ends as the setting says; the invoice stays open. */
function endAfterRetries(ctx: Ctx, sub: Kept<'subscription'>): void {
  const behavior = ctx.settings.afterRetries;
  if (behavior === 'cancel') return cancelNow(ctx, sub, 'payment_failed');
  const status = behavior === 'unpaid' ? 'unpaid' : 'past_due';
  if (['active', 'trialing', 'past_due'].includes(sub.status)) updateSubscription(ctx, sub, { status });
}

export function cancelNow(ctx: Ctx, sub: Kept<'subscription'>, reason = 'cancellation_requested'): void {
  if (sub.status === 'canceled') return;
  const now = ctx.now();
  Object.assign(sub, {
    status: 'canceled',
    canceled_at: sub.canceled_at ?? now,
    ended_at: now,
    cancellation_details: { ...sub.cancellation_details, reason },
  });
  ctx.emit('customer.subscription.deleted', sub);
  const schedule = sub.schedule ? ctx.find(sub.schedule as string, 'subscription_schedule') : undefined;
  if (schedule && schedule.status === 'active') {
    Object.assign(schedule, { status: 'canceled', canceled_at: now, current_phase: null });
    ctx.emit('subscription_schedule.canceled', schedule);
  }
}
