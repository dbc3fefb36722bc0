import type { Db, UserRow } from '@app/db';
import {
  type CheckoutSessionForm,
  CREDIT_PACKAGE_TYPE,
  GIFT_TYPE,
  PLAN_TYPE,
  findCreditPackage,
  findTier,
  paymentKindOf,
} from '@app/domain';
import type Stripe from 'stripe';
import { assertMayActOn } from '../../lib/authorization.ts';
import { badRequest } from '../../lib/errors.ts';
import { unknownPackage, unknownPlan } from './create-payment-intent.ts';
import { assertNoLiveSubscription } from '../subscriptions/assert-no-live-subscription.ts';
import { ensureCustomer } from '../customers/ensure-customer.ts';
import { priceFor } from '../catalog/sync-catalog.ts';
import {
  cancelOtherPlanAttempts,
  otherPaidPlans,
  secondPlan,
  withPlanPaymentLock,
} from '../subscriptions/paid-plan-guard.ts';

/**
 * A hosted checkout for the signed-in user: a subscription, a credit package, or a gift (a tier paid
 * once, whose code the gift feature issues when the payment completes). Returns the page's URL.
 */
export async function createCheckoutSession({
  db,
  stripe,
  user,
  form,
  origin,
}: {
  db: Db;
  stripe: Stripe;
  user: UserRow;
  form: CheckoutSessionForm;
  /** Where the browser comes back to: this site's origin. */
  origin: string;
}): Promise<string> {
  if (form.userId) assertMayActOn(user, { userId: form.userId }, 'That account is not yours');
  if (form.stripeId) assertMayActOn(user, { customerId: form.stripeId }, 'That customer is not yours');
  const common = {
    success_url: `${origin}/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${origin}/dashboard`,
  };

  const kind = paymentKindOf(form.purchaseType);
  if (kind === 'topUp') {
    throw badRequest(
      'An auto top-up is bought by your saved card when your balance runs low; to buy credits now, choose a credit package.',
      'NOT_SOLD_AT_CHECKOUT',
    );
  }
  if (kind === 'creditPackage') {
    const pack = findCreditPackage(form.tierType);
    if (!pack) throw unknownPackage(form.tierType);
    const customer = await ensureCustomer({ db, stripe, user });
    const price = await priceFor(stripe, pack.lookupKey);
    const metadata = { payment_type: CREDIT_PACKAGE_TYPE, tierType: pack.name, userId: user.id };
    const session = await stripe.checkout.sessions.create({
      ...common,
      mode: 'payment',
      customer,
      line_items: [{ price: price.id, quantity: 1 }],
      metadata,
      payment_intent_data: { metadata },
    });
    return session.url!;
  }

  const tier = findTier(form.tierType, form.recurringType);
  if (!tier) throw unknownPlan(form.tierType);
  const customer = await ensureCustomer({ db, stripe, user });
  if (kind === 'gift') {
    // One encoding of a gift: its payment_type, on the session and on the payment it makes.
    const metadata = { payment_type: GIFT_TYPE, tierType: tier.tier, userId: user.id };
    const session = await stripe.checkout.sessions.create({
      ...common,
      mode: 'payment',
      customer,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'usd',
            unit_amount: tier.price,
            product_data: { name: `Gift: ${tier.tier}` },
          },
        },
      ],
      metadata,
      payment_intent_data: { metadata },
    });
    return session.url!;
  }
  await assertNoLiveSubscription({ db, userId: user.id });
  const price = await priceFor(stripe, tier.lookupKey);
  const session = await withPlanPaymentLock(db, user.id, async () => {
    // Our copy may lag behind a plan paid a moment ago: Stripe decides. Only one way to pay a plan
    // stays open: a card payment of a plan waiting in another tab cancels this page, and the other
    // way round.
    if ((await otherPaidPlans(stripe, customer)).length) throw secondPlan();
    await cancelOtherPlanAttempts(stripe, customer);
    return stripe.checkout.sessions.create({
      ...common,
      mode: 'subscription',
      customer,
      line_items: [{ price: price.id, quantity: 1 }],
      metadata: { payment_type: PLAN_TYPE, tierType: tier.tier, userId: user.id },
      subscription_data: { metadata: { userId: user.id, tier: tier.tier } },
    });
  });
  return session.url!;
}
