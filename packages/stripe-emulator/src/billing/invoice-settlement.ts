// What happens to an invoice when its payment settles. Apart from invoices.ts, which confirms
// payments, so that the payment code can call back here without an import cycle.
import { subscriptionOf } from './invoice-parent.ts';
import type { Ctx } from '../ctx.ts';
import type { Kept } from '../types.ts';
import { isRetried, scheduleNextAttempt } from './retries.ts';
import { subscriptionInvoiceFailed, subscriptionInvoicePaid } from './subscription-events.ts';

export function invoiceIntent(ctx: Ctx, inv: Kept<'invoice'>): Kept<'payment_intent'> | undefined {
  const id = inv.payments?.data?.[0]?.payment?.payment_intent as string | undefined;
  return id ? ctx.find(id, 'payment_intent') : undefined;
}

export function markInvoicePaid(ctx: Ctx, inv: Kept<'invoice'>): void {
  const now = ctx.now();
  Object.assign(inv, {
    status: 'paid',
    amount_paid: inv.amount_due,
    amount_remaining: 0,
    attempted: true,
    next_payment_attempt: null,
    status_transitions: { ...inv.status_transitions, paid_at: now },
  });
  for (const payment of inv.payments!.data) {
    Object.assign(payment, { status: 'paid', amount_paid: payment.amount_requested });
    payment.status_transitions.paid_at = now;
  }
  ctx.emit('invoice.paid', inv);
  ctx.emit('invoice.payment_succeeded', inv);
  if (subscriptionOf(inv)) subscriptionInvoicePaid(ctx, inv);
}

export function afterInvoicePaymentSucceeded(ctx: Ctx, pi: Kept<'payment_intent'>): void {
  const invoiceId = ctx.state.hidden.invoiceOfIntent[pi.id];
  const inv = invoiceId ? ctx.find(invoiceId, 'invoice') : undefined;
  if (inv && inv.status === 'open') markInvoicePaid(ctx, inv);
}

export function afterInvoicePaymentFailed(ctx: Ctx, pi: Kept<'payment_intent'>): void {
  const invoiceId = ctx.state.hidden.invoiceOfIntent[pi.id];
  const inv = invoiceId ? ctx.find(invoiceId, 'invoice') : undefined;
  if (!inv || inv.status !== 'open') return;
  invoiceAttemptFailed(ctx, inv);
}

/** An attempt to collect an open invoice failed: its next retry, the event, its subscription. */
export function invoiceAttemptFailed(ctx: Ctx, inv: Kept<'invoice'>): void {
  if (isRetried(inv)) scheduleNextAttempt(ctx, inv);
  ctx.emit('invoice.payment_failed', inv);
  if (subscriptionOf(inv)) subscriptionInvoiceFailed(ctx, inv);
}
