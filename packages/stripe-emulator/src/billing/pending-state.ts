import { subscriptionOf } from './invoice-parent.ts';
import type { Ctx } from '../ctx.ts';
import type { Kept } from '../types.ts';
import { updateSubscription } from './subscription-update.ts';

/** A change held until its invoice is paid (`payment_behavior: pending_if_incomplete`). */

/** The held invoice was paid in time: the change applies now. */
export function applyPendingUpdate(ctx: Ctx, sub: Kept<'subscription'>, inv: Kept<'invoice'>): void {
  const held = ctx.state.hidden.pendingUpdates[sub.id];
  if (!held || held.invoice !== inv.id) return;
  delete ctx.state.hidden.pendingUpdates[sub.id];
  if (ctx.now() > held.expiresAt) return;
  const announce = sub.pending_update !== null;
  updateSubscription(ctx, sub, { ...held.changes, pending_update: null });
  if (announce) ctx.emit('customer.subscription.pending_update_applied', sub);
}

export function isPendingUpdateInvoice(ctx: Ctx, inv: Kept<'invoice'>): boolean {
  return ctx.state.hidden.pendingUpdates[subscriptionOf(inv) as string]?.invoice === inv.id;
}

/** Nobody paid in time: the change is dropped and the subscription stays as it was. */
export function expirePendingUpdate(ctx: Ctx, sub: Kept<'subscription'>): void {
  delete ctx.state.hidden.pendingUpdates[sub.id];
  updateSubscription(ctx, sub, { pending_update: null });
  ctx.emit('customer.subscription.pending_update_expired', sub);
}
