import type { Ctx } from '../ctx.ts';
import type { Kept } from '../types.ts';
import { invoiceIntent } from './invoices.ts';
import { updateSubscription } from './subscription-events.ts';

/** Voids an open invoice as Stripe does: nothing is owed any more and its payment is canceled. */
export function voidInvoice(ctx: Ctx, inv: Kept<'invoice'>): void {
  const now = ctx.now();
  Object.assign(inv, {
    status: 'void',
    amount_remaining: 0,
    next_payment_attempt: null,
    status_transitions: { ...inv.status_transitions, voided_at: now },
  });
  for (const payment of inv.payments!.data) {
    payment.status = 'canceled';
    payment.status_transitions.canceled_at = now;
  }
  const pi = invoiceIntent(ctx, inv);
  if (pi && !['succeeded', 'canceled'].includes(pi.status)) {
    Object.assign(pi, {
      status: 'canceled',
      canceled_at: now,
      cancellation_reason: 'void_invoice',
      next_action: null,
    });
    ctx.emit('payment_intent.canceled', pi);
  }
  ctx.emit('invoice.voided', inv);
}

/**
 * A subscription whose first invoice stays unpaid for 23 hours expires: the invoice is voided and
 * the subscription ends as `incomplete_expired` (announced as updated, then deleted).
 */
export function expireIncomplete(ctx: Ctx, sub: Kept<'subscription'>): void {
  const first = sub.latest_invoice ? ctx.find(sub.latest_invoice as string, 'invoice') : undefined;
  if (first && first.status === 'open') voidInvoice(ctx, first);
  const now = ctx.now();
  updateSubscription(ctx, sub, { status: 'incomplete_expired', ended_at: now });
  ctx.emit('customer.subscription.deleted', sub);
}
