import { paysFor } from '@app/domain';
import type Stripe from 'stripe';
import { handleGiftPurchase } from './handle-gift-purchase.ts';
import type { SettlementContext } from './settlement-context.ts';
import { grantInvoiceCredits, grantPackageInvoiceCredits, grantPaymentCredits } from './grant-credits.ts';
import { syncSubscription } from '../subscriptions/sync-subscription.ts';

/*
 * What a paid Stripe object gives, applied idempotently (ledger keys, gift codes keyed by their
 * session): the webhook, a retried payment call, the success page and the reconciler all come
 * here, and whichever arrives first grants; the others find the grant already made.
 */

const idOf = (value: string | { id: string }) => (typeof value === 'string' ? value : value.id);

/** A paid invoice: our copy of its subscription, then the period's credits; or a credit package. */
export async function settleInvoice(ctx: SettlementContext, invoiceId: string) {
  const invoice = await ctx.stripe.invoices.retrieve(invoiceId, { expand: ['payments'] });
  if (!invoice.parent?.subscription_details) {
    await grantPackageInvoiceCredits({ db: ctx.db, invoice });
    return;
  }
  const subscriptionId = invoice.parent?.subscription_details?.subscription;
  if (subscriptionId) {
    await syncSubscription({ db: ctx.db, stripe: ctx.stripe, subscriptionId: idOf(subscriptionId) });
  }
  await grantInvoiceCredits({ db: ctx.db, stripe: ctx.stripe, invoice });
}

/** A subscription's state and the credits of its latest paid invoice. */
export async function settleSubscription(ctx: SettlementContext, subscriptionId: string) {
  await syncSubscription({ db: ctx.db, stripe: ctx.stripe, subscriptionId });
  const subscription = await ctx.stripe.subscriptions.retrieve(subscriptionId);
  if (subscription.latest_invoice) await settleInvoice(ctx, idOf(subscription.latest_invoice));
}

/** A succeeded payment intent: a credit package grants; a plan's first invoice settles its plan. */
export async function settlePaymentIntent(ctx: SettlementContext, intent: Stripe.PaymentIntent) {
  if (intent.status !== 'succeeded') return;
  if (paysFor(intent.metadata, 'creditPackage')) {
    await grantPaymentCredits({ db: ctx.db, paymentIntent: intent });
  } else if (paysFor(intent.metadata, 'plan') && intent.metadata.subscription_id) {
    await settleSubscription(ctx, intent.metadata.subscription_id);
  }
}

/** A completed, paid Checkout Session: a gift code, a credit package or a plan. */
export async function settleCheckoutSession(ctx: SettlementContext, session: Stripe.Checkout.Session) {
  if (session.status !== 'complete' || session.payment_status !== 'paid') return;
  if (session.metadata?.gift === 'true') {
    await handleGiftPurchase(ctx, session);
    return;
  }
  if (session.mode === 'payment' && session.payment_intent) {
    // Keyed by the payment intent, so this and payment_intent.succeeded grant once between them.
    const intent = await ctx.stripe.paymentIntents.retrieve(idOf(session.payment_intent));
    await grantPaymentCredits({ db: ctx.db, paymentIntent: intent });
  }
  if (session.mode === 'subscription' && session.subscription) {
    await settleSubscription(ctx, idOf(session.subscription));
  }
}
