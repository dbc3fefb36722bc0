import type { Db } from '@app/db';
import { findTier, paysFor, type ProcessPaymentBody, type ProcessPaymentResult } from '@app/domain';
import type Stripe from 'stripe';
import { AppError, badRequest } from '../../lib/errors.ts';
import { customerIdOf } from '../customers/access.ts';
import { confirmPayment } from './confirm-payment.ts';
import { createIncompleteSubscription, unknownPlan } from './create-payment-intent.ts';
import { grantInvoiceCredits } from '../settlement/grant-credits.ts';
import {
  PAYABLE_STATUSES,
  alreadyPaid,
  invalidCoupon,
  loadOwnIntent,
  paidResult,
} from './process-single-payment.ts';
import { discountOf, resolveCoupon } from './resolve-coupon.ts';
import {
  abandonSubscription,
  cancelOtherPlanAttempts,
  otherPaidPlans,
  secondPlan,
  withPlanPaymentLock,
} from '../subscriptions/paid-plan-guard.ts';
import { syncSubscription } from '../subscriptions/sync-subscription.ts';
import type { PaymentCallOptions } from '../customers/payment-call.ts';

const replacedPayment = () =>
  new AppError('PAYMENT_EXPIRED', {
    status: 409,
    message: 'This payment was replaced or has expired, and nothing was charged. Choose your plan again.',
  });

/** Once the first invoice is paid: our copy, the user's status and the period's credits. */
async function settle(db: Db, stripe: Stripe, subscriptionId: string) {
  await syncSubscription({ db, stripe, subscriptionId });
  const subscription = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice'] });
  const invoice = subscription.latest_invoice;
  if (invoice && typeof invoice !== 'string') await grantInvoiceCredits({ db, stripe, invoice });
}

/**
 * Pays the first invoice of a new subscription with the browser's card. A coupon cannot change an
 * invoice Stripe already finalized, so with a coupon the waiting subscription is replaced by one
 * that carries the discount, and the new intent's client_secret is returned.
 */
export async function processSubscriptionPayment({
  db,
  stripe,
  user,
  body,
}: PaymentCallOptions<ProcessPaymentBody>): Promise<ProcessPaymentResult> {
  const intent = await loadOwnIntent(stripe, user, body.paymentIntentId);
  const subscriptionId = intent.metadata.subscription_id;
  if (!paysFor(intent.metadata, 'plan') || !subscriptionId) {
    throw badRequest('This payment is not a subscription purchase', 'WRONG_PAYMENT_TYPE');
  }
  if (intent.status === 'succeeded') {
    // A retry after the answer was lost: settle what was paid (idempotent by the invoice key).
    await settle(db, stripe, subscriptionId);
    return paidResult(intent);
  }
  // A cancelled intent is answered below, once we know whether another plan was paid instead.
  if (intent.status !== 'canceled' && !PAYABLE_STATUSES.has(intent.status)) throw alreadyPaid();
  const tier = findTier(intent.metadata.tierType ?? '');
  if (!tier) throw unknownPlan(intent.metadata.tierType ?? '');

  const coupon = body.couponCode ? await resolveCoupon({ stripe, code: body.couponCode }) : undefined;
  if (body.couponCode && !coupon) throw invalidCoupon();

  // One user's plan payments run one at a time, so two tabs paying two plans at once cannot both
  // pass the check below before either is charged.
  const outcome = await withPlanPaymentLock(db, user.id, async () => {
    let subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const customer = customerIdOf(subscription.customer)!;
    // Another plan may have been paid since this intent was made: cancel this one before any charge.
    if ((await otherPaidPlans(stripe, customer, subscription.id)).length) {
      if (subscription.status === 'incomplete') await abandonSubscription(stripe, subscription);
      throw secondPlan();
    }
    if (subscription.status === 'incomplete_expired' || subscription.status === 'canceled')
      throw replacedPayment();
    if (subscription.status !== 'incomplete') throw alreadyPaid();
    // Any other plan still waiting for its payment (another tab, a card check left open, a hosted
    // checkout page) is cancelled now, so it cannot be paid after this one.
    await cancelOtherPlanAttempts(stripe, customer, subscription.id);
    const method = await stripe.paymentMethods.retrieve(body.paymentMethodId).catch(() => undefined);
    if (!method) throw badRequest('Unknown payment method', 'UNKNOWN_PAYMENT_METHOD');
    if (method.customer && customerIdOf(method.customer) !== customer) {
      throw badRequest('Unknown payment method', 'UNKNOWN_PAYMENT_METHOD');
    }
    if (!method.customer) await stripe.paymentMethods.attach(method.id, { customer });

    let intentId = intent.id;
    const hasDiscount = (subscription.discounts ?? []).length > 0;
    if (coupon && !hasDiscount) {
      await abandonSubscription(stripe, subscription);
      const replaced = await createIncompleteSubscription({
        stripe,
        customer,
        userId: user.id,
        tier,
        discounts: [discountOf(coupon)],
      });
      subscription = replaced.subscription;
      if (!replaced.intent) {
        // Discounted to nothing: the invoice is already paid.
        const free: ProcessPaymentResult = {
          status: 'succeeded',
          client_secret: null,
          amountPaid: 0,
          discountName: coupon.name,
          error: null,
          sessionId: replaced.invoice?.id ?? null,
        };
        return { subscriptionId: subscription.id, result: free, paid: true };
      }
      intentId = replaced.intent.id;
    }
    await stripe.subscriptions.update(subscription.id, { default_payment_method: method.id });

    const { result, intent: confirmed } = await confirmPayment({
      stripe,
      intentId,
      paymentMethodId: method.id,
      discountName: coupon?.name ?? null,
    });
    return { subscriptionId: subscription.id, result, paid: confirmed?.status === 'succeeded' };
  });
  if (outcome.paid) await settle(db, stripe, outcome.subscriptionId);
  return outcome.result;
}
