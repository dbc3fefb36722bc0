import { claimWebhookEvent, releaseWebhookEvent } from '@app/db';
import type Stripe from 'stripe';
import type { WebhookContext } from './webhook-context.ts';
import { settleCheckoutSession, settleInvoice, settlePaymentIntent } from './settle-paid.ts';
import { syncSubscription } from '../subscriptions/sync-subscription.ts';

type Handler = (ctx: WebhookContext, event: Stripe.Event) => Promise<void>;

const objectId = (event: Stripe.Event) => (event.data.object as { id: string }).id;

const onInvoicePaid: Handler = (ctx, event) => settleInvoice(ctx, objectId(event));

const onPaymentSucceeded: Handler = async (ctx, event) => {
  const intent = await ctx.stripe.paymentIntents.retrieve(objectId(event));
  if (intent.metadata.payment_type === 'Credits') await settlePaymentIntent(ctx, intent);
};

const onCheckoutCompleted: Handler = async (ctx, event) => {
  await settleCheckoutSession(ctx, await ctx.stripe.checkout.sessions.retrieve(objectId(event)));
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
 * Stripe, so deliveries in any order converge on Stripe's current state. The id is claimed in one
 * statement before the handler runs (concurrent copies of a delivery find it taken) and given back
 * when the handler fails, so Stripe's retry is handled rather than lost.
 */
export async function handleWebhookEvent(
  ctx: WebhookContext,
  event: Stripe.Event,
): Promise<'handled' | 'duplicate' | 'ignored'> {
  if (!(await claimWebhookEvent(ctx.db, { id: event.id, type: event.type }))) return 'duplicate';
  const handler = WEBHOOK_HANDLERS[event.type];
  if (!handler) return 'ignored';
  try {
    await handler(ctx, event);
  } catch (error) {
    await releaseWebhookEvent(ctx.db, event.id);
    throw error;
  }
  return 'handled';
}
