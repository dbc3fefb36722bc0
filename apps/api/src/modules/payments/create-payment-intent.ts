import {
  type CreatePaymentIntentBody,
  findTier,
  kindEntry,
  PAYMENT_KINDS,
  type PaymentIntentWire,
  paymentKindIn,
  PLAN_TYPE,
} from '@app/domain';
import type Stripe from 'stripe';
import { AppError, badRequest } from '../../lib/errors.ts';
import { assertNoLiveSubscription } from '../subscriptions/assert-no-live-subscription.ts';
import {
  cancelOtherPlanAttempts,
  otherPaidPlans,
  secondPlan,
  withPlanPaymentLock,
} from '../subscriptions/paid-plan-guard.ts';
import { ensureCustomer } from '../customers/ensure-customer.ts';
import { priceFor } from '../catalog/sync-catalog.ts';
import type { PaymentCallOptions } from '../customers/payment-call.ts';

export const unknownPackage = (name: string) =>
  badRequest(`There is no credit package called '${name}'`, 'UNKNOWN_PACKAGE');
export const unknownPlan = (name: string) => badRequest(`There is no plan called '${name}'`, 'UNKNOWN_PLAN');

export function toPaymentIntentWire(
  intent: Stripe.PaymentIntent,
  metadata: PaymentIntentWire['metadata'],
): PaymentIntentWire {
  return {
    id: intent.id,
    client_secret: intent.client_secret ?? '',
    customer: typeof intent.customer === 'string' ? intent.customer : (intent.customer?.id ?? null),
    amount: intent.amount,
    currency: intent.currency,
    metadata,
  };
}

/** The intent id inside a client secret (`pi_123_secret_abc`). */
export const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0] ?? '';

/** A subscription waiting for its first payment, and the intent that pays it. */
export async function createIncompleteSubscription({
  stripe,
  customer,
  userId,
  tier,
  discounts,
}: {
  stripe: Stripe;
  customer: string;
  userId: string;
  tier: { tier: string; lookupKey: string };
  discounts?: Stripe.SubscriptionCreateParams.Discount[];
}) {
  const price = await priceFor(stripe, tier.lookupKey);
  const subscription = await stripe.subscriptions.create({
    customer,
    items: [{ price: price.id }],
    payment_behavior: 'default_incomplete',
    payment_settings: { save_default_payment_method: 'on_subscription' },
    metadata: { userId, tier: tier.tier },
    discounts,
    expand: ['latest_invoice.confirmation_secret'],
  });
  const invoice = subscription.latest_invoice as Stripe.Invoice | null;
  const secret = invoice?.confirmation_secret?.client_secret;
  const metadata = {
    payment_type: PLAN_TYPE,
    subscription_id: subscription.id,
    tierType: tier.tier,
  };
  if (!secret) return { subscription, invoice, intent: undefined, metadata };
  // Invoice intents carry no metadata of ours; the checkout page and webhooks read it from here.
  const intent = await stripe.paymentIntents.update(intentIdOf(secret), {
    metadata: { ...metadata, userId },
  });
  return { subscription, invoice, intent, metadata };
}

/**
 * The payment intent /checkout confirms: a one-off intent for a credit package, or the first
 * invoice's intent of a new subscription waiting for its card.
 */
export async function createPaymentIntent({
  db,
  stripe,
  user,
  body,
  kinds = PAYMENT_KINDS,
}: PaymentCallOptions<CreatePaymentIntentBody>): Promise<PaymentIntentWire> {
  const found = kindEntry(kinds, paymentKindIn(kinds, body.purchaseType) ?? '');
  if (!found?.entry.cardPath) {
    throw badRequest(`The card form does not sell '${body.purchaseType}'`, 'WRONG_PAYMENT_TYPE');
  }
  const { entry } = found;
  const mode = entry.purchase;
  switch (mode) {
    case 'oneOff': {
      const product = entry.find(body.tierType);
      if (!product) throw unknownPackage(body.tierType);
      const customer = await ensureCustomer({ db, stripe, user });
      const metadata = { payment_type: entry.type, tierType: entry.key(product) };
      const intent = await stripe.paymentIntents.create({
        amount: product.price,
        currency: 'usd',
        customer,
        description: entry.words.payment(product),
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        metadata: { ...metadata, userId: user.id },
      });
      return toPaymentIntentWire(intent, metadata as PaymentIntentWire['metadata']);
    }
    case 'subscription':
      return createPlanIntent({ db, stripe, user, body });
    default:
      return unknownPurchase(mode);
  }
}

const unknownPurchase = (mode: never): never => {
  throw new Error(`No purchase for the mode ${String(mode)}`);
};

/** The first invoice's intent of a new subscription waiting for its card. */
async function createPlanIntent({
  db,
  stripe,
  user,
  body,
}: PaymentCallOptions<CreatePaymentIntentBody>): Promise<PaymentIntentWire> {
  const tier = findTier(body.tierType, body.recurringType);
  if (!tier) throw unknownPlan(body.tierType);
  await assertNoLiveSubscription({ db, userId: user.id });
  const customer = await ensureCustomer({ db, stripe, user });
  const created = await withPlanPaymentLock(db, user.id, async () => {
    // Our copy may lag behind a plan paid a moment ago: Stripe decides.
    if ((await otherPaidPlans(stripe, customer)).length) throw secondPlan();
    await cancelOtherPlanAttempts(stripe, customer);
    return createIncompleteSubscription({ stripe, customer, userId: user.id, tier });
  });
  if (!created.intent) throw new AppError('NOTHING_TO_PAY', { status: 409, message: 'Nothing to pay' });
  return toPaymentIntentWire(created.intent, created.metadata);
}
