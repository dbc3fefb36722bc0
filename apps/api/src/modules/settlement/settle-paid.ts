import { PAYMENT_KINDS, kindEntry, paymentKindIn } from '@app/domain';
import type Stripe from 'stripe';
import { handleGiftPurchase } from './handle-gift-purchase.ts';
import type { SettlementContext } from './settlement-context.ts';
import { grantInvoiceCredits, grantPackageInvoiceCredits, grantPaymentCredits } from './grant-credits.ts';
import { syncSubscription } from '../subscriptions/sync-subscription.ts';

/*
 * What a paid Stripe object gives, applied idempotently (ledger keys, gift codes keyed by their
 * session, the payments table keyed by the settled object): the webhook, a retried payment call,
 * the success page and the reconciler all come here, and whichever arrives first grants; the
 * others find the grant already made.
 */

const idOf = (value: string | { id: string }) => (typeof value === 'string' ? value : value.id);

/** A paid invoice: our copy of its subscription, then the period's credits; or a credit package. */
export async function settleInvoice(ctx: SettlementContext, invoiceId: string) {
  const invoice = await ctx.stripe.invoices.retrieve(invoiceId, { expand: ['payments'] });
  if (!invoice.parent?.subscription_details) {
    await grantPackageInvoiceCredits({ db: ctx.db, invoice, kinds: ctx.kinds });
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

/** The hosted checkout a payment intent was made by, if any. */
async function checkoutOfIntent(ctx: SettlementContext, intentId: string) {
  const { data } = await ctx.stripe.checkout.sessions.list({ payment_intent: intentId, limit: 1 });
  return data[0];
}

const unknownMode = (mode: never): never => {
  throw new Error(`No settlement for the grant mode ${String(mode)}`);
};

/**
 * A succeeded payment intent gives what its kind grants: credits to the buyer, a gift code (from
 * the checkout that sold it), or a plan's period (its subscription's first invoice).
 */
export async function settlePaymentIntent(
  ctx: SettlementContext,
  intent: Stripe.PaymentIntent,
  session?: Stripe.Checkout.Session,
) {
  if (intent.status !== 'succeeded') return;
  const kinds = ctx.kinds ?? PAYMENT_KINDS;
  const found = kindEntry(kinds, paymentKindIn(kinds, intent.metadata.payment_type) ?? '');
  if (!found) return;
  const mode = found.entry.grant;
  switch (mode) {
    case 'buyer':
      await grantPaymentCredits({ db: ctx.db, paymentIntent: intent, kinds });
      return;
    case 'giftCode': {
      const checkout = session ?? (await checkoutOfIntent(ctx, intent.id));
      if (checkout?.status === 'complete' && checkout.payment_status === 'paid') {
        await handleGiftPurchase(ctx, checkout);
      }
      return;
    }
    case 'planPeriod':
      if (intent.metadata.subscription_id) await settleSubscription(ctx, intent.metadata.subscription_id);
      return;
    default:
      unknownMode(mode);
  }
}

/** A completed, paid Checkout Session: what its payment's kind grants, or its plan. */
export async function settleCheckoutSession(ctx: SettlementContext, session: Stripe.Checkout.Session) {
  if (session.status !== 'complete' || session.payment_status !== 'paid') return;
  if (session.mode === 'payment' && session.payment_intent) {
    // Keyed by the payment intent, so this and payment_intent.succeeded grant once between them.
    const intent = await ctx.stripe.paymentIntents.retrieve(idOf(session.payment_intent));
    await settlePaymentIntent(ctx, intent, session);
  }
  if (session.mode === 'subscription' && session.subscription) {
    await settleSubscription(ctx, idOf(session.subscription));
  }
}
