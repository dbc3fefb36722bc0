import { PAYMENT_KINDS, kindEntry, paymentKindIn, paysFor } from '@app/domain';
import { claimWebhookEvent, finishWebhookEvent, releaseWebhookEvent } from '@app/db';
import { AppError } from '../../lib/errors.ts';
import type Stripe from 'stripe';
import type { SettlementContext } from '../settlement/settlement-context.ts';
import { finishPaidTopUp } from '../payments/run-auto-top-up.ts';
import { settleCheckoutSession, settleInvoice, settlePaymentIntent } from '../settlement/settle-paid.ts';
import { settleDispute, takeBackRefunds } from '../settlement/take-back.ts';
import { handleFailedRenewal } from '../subscriptions/failed-renewal.ts';
import { syncSubscription } from '../subscriptions/sync-subscription.ts';

type Handler = (ctx: SettlementContext, event: Stripe.Event) => Promise<void>;

const objectId = (event: Stripe.Event) => (event.data.object as { id: string }).id;

const onInvoicePaid: Handler = (ctx, event) => settleInvoice(ctx, objectId(event));

/** One-off payments granting their buyer settle here; plans and gifts settle by their invoice or checkout. */
const onPaymentSucceeded: Handler = async (ctx, event) => {
  const intent = await ctx.stripe.paymentIntents.retrieve(objectId(event));
  const kinds = ctx.kinds ?? PAYMENT_KINDS;
  const found = kindEntry(kinds, paymentKindIn(kinds, intent.metadata.payment_type) ?? '');
  if (found?.entry.grant === 'buyer') await settlePaymentIntent(ctx, intent);
  // A top-up confirmed with the bank (or one whose buyer died before the grant) closes its crossing.
  if (paysFor(intent.metadata, 'topUp')) {
    await finishPaidTopUp({ db: ctx.db, stripe: ctx.stripe, notifier: ctx.notifier }, intent);
  }
};

const onChargeRefunded: Handler = (ctx, event) => takeBackRefunds(ctx, objectId(event));

const onDispute: Handler = (ctx, event) => settleDispute(ctx, objectId(event));

const onCheckoutCompleted: Handler = async (ctx, event) => {
  await settleCheckoutSession(ctx, await ctx.stripe.checkout.sessions.retrieve(objectId(event)));
};

const onPaymentFailed: Handler = (ctx, event) =>
  handleFailedRenewal(ctx, event.data.object as Stripe.Invoice);

const onSubscriptionChanged: Handler = async (ctx, event) => {
  await syncSubscription({ db: ctx.db, stripe: ctx.stripe, subscriptionId: objectId(event) });
};

/**
 * The events we act on, by Stripe's own event types (a name Stripe does not send fails the
 * typecheck); anything else is stored and acknowledged.
 */
export const WEBHOOK_HANDLERS: Partial<Record<Stripe.Event.Type, Handler>> = {
  'invoice.paid': onInvoicePaid,
  'invoice.payment_failed': onPaymentFailed,
  'payment_intent.succeeded': onPaymentSucceeded,
  'checkout.session.completed': onCheckoutCompleted,
  'checkout.session.async_payment_succeeded': onCheckoutCompleted,
  'customer.subscription.created': onSubscriptionChanged,
  'customer.subscription.updated': onSubscriptionChanged,
  'customer.subscription.deleted': onSubscriptionChanged,
  'customer.subscription.paused': onSubscriptionChanged,
  'customer.subscription.resumed': onSubscriptionChanged,
  'charge.refunded': onChargeRefunded,
  'charge.dispute.created': onDispute,
  'charge.dispute.updated': onDispute,
  'charge.dispute.closed': onDispute,
  'charge.dispute.funds_withdrawn': onDispute,
  'charge.dispute.funds_reinstated': onDispute,
};

/**
 * How long a delivery's claim on an event holds while its handler runs. A redelivery after that
 * takes it over (the process handling it died), so it must be longer than any handler takes.
 */
export const WEBHOOK_CLAIM_LEASE_SECONDS = 60;

/** How long a copy of an event being handled elsewhere waits for that handler before answering. */
const WAIT_FOR_OTHER_MS = 3000;
const POLL_MS = 50;

const inProgress = () =>
  new AppError('WEBHOOK_IN_PROGRESS', {
    status: 409,
    message: 'This event is being handled; deliver it again later',
  });

/**
 * Claims the event, waiting a moment for a copy being handled elsewhere to finish: `true` to run
 * the handler, `false` when it is already done. A copy still held by another delivery answers 409,
 * so Stripe delivers it again (and takes the claim over once that delivery's lease has passed).
 */
async function claim(ctx: SettlementContext, event: Stripe.Event): Promise<boolean> {
  const deadline = Date.now() + WAIT_FOR_OTHER_MS;
  for (;;) {
    const found = await claimWebhookEvent(
      ctx.db,
      { id: event.id, type: event.type },
      WEBHOOK_CLAIM_LEASE_SECONDS,
    );
    if (found !== 'busy') return found === 'claimed';
    if (Date.now() >= deadline) throw inProgress();
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * Acts on one verified event, at most once per event id. Every handler re-reads its object from
 * Stripe, so deliveries in any order converge on Stripe's current state. The id is claimed in one
 * statement before the handler runs (concurrent copies find it taken), marked failed when the
 * handler fails so Stripe's retry runs it again, and done when it succeeded. A claim left behind by
 * a process that died mid-handler is taken over by a redelivery after its lease.
 */
export async function handleWebhookEvent(
  ctx: SettlementContext,
  event: Stripe.Event,
): Promise<'handled' | 'duplicate' | 'ignored'> {
  if (!(await claim(ctx, event))) return 'duplicate';
  const handler = WEBHOOK_HANDLERS[event.type];
  if (!handler) {
    await finishWebhookEvent(ctx.db, event.id);
    return 'ignored';
  }
  try {
    await handler(ctx, event);
  } catch (error) {
    await releaseWebhookEvent(ctx.db, event.id);
    throw error;
  }
  await finishWebhookEvent(ctx.db, event.id);
  return 'handled';
}
