import type { Ctx } from '../ctx.ts';
import { StripeError, invalidRequest } from '../errors.ts';
import type { Kept, Params, SubscriptionChanges } from '../types.ts';
import { invoiceIntent, payInvoice, type LineInput } from './invoices.ts';
import { updateSubscription } from './subscription-update.ts';
import { defaultCard, invoiceSubscription } from './subscriptions.ts';

/** Stripe lets a pending update wait 23 hours for its invoice to be paid. */
const PENDING_UPDATE_TTL = 23 * 3600;

/** What `payment_behavior=pending_if_incomplete` accepts on a subscription update. */
const PENDING_PARAMS = new Set([
  'expand',
  'payment_behavior',
  'proration_behavior',
  'proration_date',
  'items',
  'trial_end',
]);

export function assertPendingParams(p: Params): void {
  const other = Object.keys(p).filter((k) => !PENDING_PARAMS.has(k));
  if (other.length > 0) {
    throw invalidRequest(
      `The following parameters cannot be used with \`payment_behavior=pending_if_incomplete\`: ${other.join(', ')}.`,
      'parameter_invalid_string',
      other[0],
    );
  }
}

/** The 402 Stripe answers with when `error_if_incomplete` finds the invoice unpaid. */
export function incompletePaymentError(ctx: Ctx, inv: Kept<'invoice'>): StripeError {
  const pi = invoiceIntent(ctx, inv);
  if (pi?.status === 'requires_action') {
    return new StripeError(
      402,
      'card_error',
      'This payment requires additional user action before it can be completed successfully. Payment can be completed using the PaymentIntent associated with the invoice.',
      { code: 'invoice_payment_intent_requires_action', payment_intent: structuredClone(pi) },
    );
  }
  const e = pi?.last_payment_error;
  return new StripeError(402, 'card_error', e?.message ?? 'Your card was declined.', {
    code: e?.code ?? 'card_declined',
    decline_code: e?.decline_code,
    param: e?.param,
    charge: (pi?.latest_charge as string | null | undefined) ?? undefined,
    payment_intent: pi ? structuredClone(pi) : undefined,
  });
}

/**
 * `pending_if_incomplete`: invoices the change and applies it only once that invoice is paid; until
 * then it waits in `pending_update` and the subscription bills as before.
 */
export function holdUntilPaid(
  ctx: Ctx,
  sub: Kept<'subscription'>,
  changes: SubscriptionChanges,
  lines: LineInput[],
): void {
  const inv = invoiceSubscription(ctx, sub, lines, 'subscription_update', { pay: false, offSession: false });
  const expiresAt = ctx.now() + PENDING_UPDATE_TTL;
  ctx.state.hidden.pendingUpdates[sub.id] = { invoice: inv.id, changes, expiresAt };
  payInvoice(ctx, inv, defaultCard(ctx, sub), false);
  if (!ctx.state.hidden.pendingUpdates[sub.id]) return;
  updateSubscription(ctx, sub, {
    pending_update: {
      billing_cycle_anchor: changes.billing_cycle_anchor ?? null,
      cancel_at_period_end: null,
      discount: null,
      discounts: null,
      expires_at: expiresAt,
      metadata: null,
      subscription_items: structuredClone(changes.items?.data ?? null),
      trial_end: changes.trial_end ?? null,
      trial_from_plan: null,
    },
  });
}

export { applyPendingUpdate, expirePendingUpdate, isPendingUpdateInvoice } from './pending-state.ts';
