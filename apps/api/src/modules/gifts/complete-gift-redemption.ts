import {
  type Db,
  type GiftCodeRow,
  type UserRow,
  findUserById,
  releaseGiftCode,
  setGiftCodeSubscription,
} from '@app/db';
import { findTier } from '@app/domain';
import Stripe from 'stripe';
import { ensureCustomer } from '../customers/ensure-customer.ts';
import { grantInvoiceCredits } from '../settlement/grant-credits.ts';
import { priceFor } from '../catalog/sync-catalog.ts';
import { syncSubscription } from '../subscriptions/sync-subscription.ts';

/** One period of a gifted plan, as a trial: Stripe counts trials in days. */
const GIFT_DAYS = { Monthly: 30, Yearly: 365 } as const;

/**
 * Creates (or, after a crash, finds again) the subscription a claimed gift code gives, records it on
 * the code and grants the period's credits. Every step is idempotent: the Stripe call by its
 * idempotency key, the grant by the invoice's ledger key.
 */
export async function createGiftedSubscription({
  db,
  stripe,
  target,
  claimed,
}: {
  db: Db;
  stripe: Stripe;
  target: UserRow;
  claimed: GiftCodeRow;
}): Promise<Stripe.Subscription> {
  const tier = findTier(claimed.tier);
  if (!tier) throw new Error(`Gift code ${claimed.id} has an unknown plan: ${claimed.tier}`);
  const customer = await ensureCustomer({ db, stripe, user: target });
  const price = await priceFor(stripe, tier.lookupKey);
  let created: Stripe.Subscription | undefined = await findGiftedSubscription(stripe, customer, claimed.id);
  if (!created) {
    try {
      created = await stripe.subscriptions.create(
        {
          customer,
          items: [{ price: price.id }],
          trial_period_days: GIFT_DAYS[tier.ptype],
          trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
          cancel_at_period_end: true,
          metadata: { userId: target.id, tier: tier.tier, gifted: 'true', giftCodeId: claimed.id },
        },
        { idempotencyKey: `gift-redeem:${claimed.id}:${target.id}` },
      );
    } catch (error) {
      // Only Stripe refusing this very call is certain to have created nothing; anything else
      // (a timeout, a key still in use) stays claimed for the retry or the reconciler.
      if (
        error instanceof Stripe.errors.StripeError &&
        (error.type === 'StripeInvalidRequestError' || error.type === 'StripeCardError')
      ) {
        await releaseGiftCode(db, claimed.id, target.id);
      }
      throw error;
    }
  }
  // A replayed answer is the subscription as it was then: read the current one.
  const subscription = await stripe.subscriptions.retrieve(created.id, { expand: ['latest_invoice'] });
  await syncSubscription({ db, stripe, subscriptionId: subscription.id });
  const invoice = subscription.latest_invoice;
  if (invoice && typeof invoice !== 'string') await grantInvoiceCredits({ db, stripe, invoice });
  await setGiftCodeSubscription(db, claimed.id, subscription.id);
  return subscription;
}

/** A subscription an earlier attempt already made for this code, past the idempotency key's 24 h. */
async function findGiftedSubscription(stripe: Stripe, customer: string, giftCodeId: string) {
  for await (const subscription of stripe.subscriptions.list({ customer, status: 'all', limit: 100 })) {
    if (subscription.metadata.giftCodeId === giftCodeId) return subscription;
  }
  return undefined;
}

/** Finishes a claim left half-done by a stopped process (the reconciler's part). */
export async function completeGiftClaim({
  db,
  stripe,
  claimed,
}: {
  db: Db;
  stripe: Stripe;
  claimed: GiftCodeRow;
}): Promise<void> {
  if (!claimed.redeemedBy || claimed.subscriptionId) return;
  const target = await findUserById(db, claimed.redeemedBy);
  if (!target) return;
  await createGiftedSubscription({ db, stripe, target, claimed });
}
