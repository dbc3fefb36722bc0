import { type Db, deleteSubscriptionsOf, findLocalUser, listLiveSubscriptionRows, updateUser } from '@app/db';
import { findTier } from '@app/domain';
import type Stripe from 'stripe';
import { ensureCustomer } from '../customers/ensure-customer.ts';
import { priceFor } from '../catalog/sync-catalog.ts';
import { syncSubscription } from '../subscriptions/sync-subscription.ts';

/** The demo coupon of the embedded default: promotion code WELCOME10 takes 10% off. */
export const DEMO_COUPON = { id: 'welcome10', code: 'WELCOME10', percentOff: 10 } as const;

/** Seeded users and the plans they hold in the embedded default. */
export const SEED_SUBSCRIPTIONS = [
  { discordName: 'member', plan: 'Professional Plan', period: 'Monthly' },
  { discordName: 'admin', plan: 'Founders Plan', period: 'Monthly' },
] as const;

async function ensureDemoCoupon(stripe: Stripe) {
  try {
    await stripe.coupons.retrieve(DEMO_COUPON.id);
  } catch (error) {
    if ((error as { code?: string }).code !== 'resource_missing') throw error;
    await stripe.coupons.create({
      id: DEMO_COUPON.id,
      percent_off: DEMO_COUPON.percentOff,
      duration: 'once',
      name: 'Welcome 10% off',
    });
  }
  const { data } = await stripe.promotionCodes.list({ code: DEMO_COUPON.code, limit: 1 });
  if (!data.length) {
    await stripe.promotionCodes.create({
      code: DEMO_COUPON.code,
      promotion: { type: 'coupon', coupon: DEMO_COUPON.id },
    });
  }
}

/** The stored customer id when Stripe still knows it; a reset emulator forgets customers. */
async function liveCustomerId(db: Db, stripe: Stripe, userId: string, customerId: string | null) {
  if (!customerId) return null;
  try {
    const customer = await stripe.customers.retrieve(customerId);
    if (!('deleted' in customer && customer.deleted)) return customerId;
  } catch (error) {
    if ((error as { code?: string }).code !== 'resource_missing') throw error;
  }
  await updateUser(db, userId, { stripeCustomerId: null });
  await deleteSubscriptionsOf(db, userId);
  return null;
}

/**
 * Embedded default only: makes the seeded `member` and `admin` real emulator customers with real,
 * paid subscriptions (test card 4242), so every subscription flow works on them. Idempotent:
 * later starts find the customer and its live subscription and change nothing.
 */
export async function seedBilling({ db, stripe }: { db: Db; stripe: Stripe }): Promise<void> {
  await ensureDemoCoupon(stripe);
  for (const seed of SEED_SUBSCRIPTIONS) {
    const found = await findLocalUser(db, seed.discordName);
    if (!found) continue;
    const stored = await liveCustomerId(db, stripe, found.id, found.stripeCustomerId);
    const customer = await ensureCustomer({ db, stripe, user: { ...found, stripeCustomerId: stored } });
    const [live] = await listLiveSubscriptionRows(db, found.id);
    if (live) continue;
    const existing = await stripe.subscriptions.list({ customer, status: 'active', limit: 1 });
    let subscriptionId = existing.data[0]?.id;
    if (!subscriptionId) {
      const tier = findTier(seed.plan, seed.period)!;
      const method = await stripe.paymentMethods.create({
        type: 'card',
        card: {
          number: '4242424242424242',
          exp_month: 12,
          exp_year: new Date().getFullYear() + 5,
          cvc: '123',
        },
      });
      await stripe.paymentMethods.attach(method.id, { customer });
      await stripe.customers.update(customer, { invoice_settings: { default_payment_method: method.id } });
      const price = await priceFor(stripe, tier.lookupKey);
      const created = await stripe.subscriptions.create({
        customer,
        items: [{ price: price.id }],
        default_payment_method: method.id,
        // The seeded balance stands for the first period: its invoice grants nothing.
        metadata: { userId: found.id, tier: tier.tier, seeded: 'true' },
      });
      subscriptionId = created.id;
    }
    await syncSubscription({ db, stripe, subscriptionId });
  }
}
