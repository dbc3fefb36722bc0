import { isWebhookEventRecorded, recordWebhookEvent } from '@app/db';
import type Stripe from 'stripe';
import { handleGiftPurchase } from './handle-gift-purchase.ts';
import type { WebhookContext } from './webhook-context.ts';
import { grantInvoiceCredits, grantPaymentCredits } from '../credits/grant-credits.ts';
import { syncSubscription } from '../subscriptions/sync-subscription.ts';

type Handler = (ctx: WebhookContext, event: Stripe.Event) => Promise<void>;

const objectId = (event: Stripe.Event) => (event.data.object as { id: string }).id;

const onInvoicePaid: Handler = async (ctx, event) => {
  const invoice = await ctx.stripe.invoices.retrieve(objectId(event));
  const subscriptionId = invoice.parent?.subscription_details?.subscription;
  if (subscriptionId) {
    await syncSubscription({
      db: ctx.db,
      stripe: ctx.stripe,
      subscriptionId: typeof subscriptionId === 'string' ? subscriptionId : subscriptionId.id,
    });
  }
  await grantInvoiceCredits({ db: ctx.db, stripe: ctx.stripe, invoice });
};

const onPaymentSucceeded: Handler = async (ctx, event) => {
  const paymentIntent = await ctx.stripe.paymentIntents.retrieve(objectId(event));
  await grantPaymentCredits({ db: ctx.db, paymentIntent });
};

const onCheckoutCompleted: Handler = async (ctx, event) => {
  const session = await ctx.stripe.checkout.sessions.retrieve(objectId(event));
  if (session.status !== 'complete' || session.payment_status !== 'paid') return;
  if (session.metadata?.gift === 'true') {
    await handleGiftPurchase(ctx, session);
    return;
  }
  if (session.mode === 'payment' && session.payment_intent) {
    const id =
      typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent.id;
    // Keyed by the payment intent, so this and payment_intent.succeeded grant once between them.
    await grantPaymentCredits({ db: ctx.db, paymentIntent: await ctx.stripe.paymentIntents.retrieve(id) });
  }
  if (session.mode === 'subscription' && session.subscription) {
    const id = typeof session.subscription === 'string' ? session.subscription : session.subscription.id;
    await syncSubscription({ db: ctx.db, stripe: ctx.stripe, subscriptionId: id });
  }
};

const onSubscriptionChanged: Handler = async (ctx, event) => {
  await syncSubscription({ db: ctx.db, stripe: ctx.stripe, subscriptionId: objectId(event) });
};

/** The events we act on; anything else is stored and acknowledged. */
export const WEBHOOK_HANDLERS: Record<string, Handler> = {
  'invoice.paid': onInvoicePaid,
  'payment_intent.succeeded': onPaymentSucceeded,
  'checkout.session.completed': onCheckoutCompleted,
  'checkout.session.async_payment_succeeded': onCheckoutCompleted,
  'customer.subscription.created': onSubscriptionChanged,
  'customer.subscription.updated': onSubscriptionChanged,
  'customer.subscription.deleted': onSubscriptionChanged,
  'customer.subscription.paused': onSubscriptionChanged,
  'customer.subscription.resumed': onSubscriptionChanged,
};

/**
 * Acts on one verified event, at most once per event id. Every handler re-reads its object from
 * Stripe, so deliveries in any order converge on Stripe's current state; the id is stored only
 * after the handler succeeded, so a failed attempt is retried by Stripe rather than lost.
 */
export async function handleWebhookEvent(
  ctx: WebhookContext,
  event: Stripe.Event,
): Promise<'handled' | 'duplicate' | 'ignored'> {
  if (await isWebhookEventRecorded(ctx.db, event.id)) return 'duplicate';
  const handler = WEBHOOK_HANDLERS[event.type];
  if (handler) await handler(ctx, event);
  await recordWebhookEvent(ctx.db, { id: event.id, type: event.type });
  return handler ? 'handled' : 'ignored';
}
