import { findUserById } from '@app/db';
import { findTier } from '@app/domain';
import type Stripe from 'stripe';
import { ensureCustomer } from '../../src/modules/customers/ensure-customer.ts';
import { priceFor } from '../../src/modules/catalog/sync-catalog.ts';
import { syncSubscription } from '../../src/modules/subscriptions/sync-subscription.ts';
import { CARDS, type PaymentTestContext } from '../payment/helpers.ts';

export interface Subscriber {
  cookie: string;
  userId: string;
  customerId: string;
  subscriptionId: string;
}

/** A fresh user paying for `tier` with a card on file, as checkout leaves them. */
export async function subscribe(t: PaymentTestContext, name: string, tierName: string): Promise<Subscriber> {
  const { cookie, userId } = await t.signIn(name);
  const db = t.database.db;
  const user = await findUserById(db, userId);
  const customerId = await ensureCustomer({ db, stripe: t.stripe, user: user! });
  const method = await t.card(CARDS.ok);
  await t.stripe.paymentMethods.attach(method, { customer: customerId });
  await t.stripe.customers.update(customerId, { invoice_settings: { default_payment_method: method } });
  const tier = findTier(tierName)!;
  const price = await priceFor(t.stripe, tier.lookupKey);
  const subscription = await t.stripe.subscriptions.create({
    customer: customerId,
    items: [{ price: price.id }],
    default_payment_method: method,
    metadata: { userId, tier: tier.tier },
  });
  await syncSubscription({ db, stripe: t.stripe, subscriptionId: subscription.id });
  return { cookie, userId, customerId, subscriptionId: subscription.id };
}

export async function userRow(t: PaymentTestContext, userId: string) {
  const row = await findUserById(t.database.db, userId);
  return row!;
}

export function call(
  t: PaymentTestContext,
  cookie: string,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: Record<string, unknown>,
) {
  return t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}

export type { Stripe };
