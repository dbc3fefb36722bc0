import { findUserById } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARDS, createPaymentTestApp, type PaymentTestContext } from './helpers.ts';

let t: PaymentTestContext;
let owner: { cookie: string; userId: string; customer: string; intent: string };
let other: { cookie: string; userId: string };

beforeAll(async () => {
  t = await createPaymentTestApp();
  const signedIn = await t.signIn('owner');
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/payment/create-payment-intent',
    headers: { cookie: signedIn.cookie },
    payload: { purchaseType: 'Credits', tierType: 'Starter Pack' },
  });
  const intent = created.json();
  const paid = await t.app.inject({
    method: 'POST',
    url: '/api/payment/process_single',
    headers: { cookie: signedIn.cookie },
    payload: { paymentIntentId: intent.id, paymentMethodId: await t.card(CARDS.ok) },
  });
  expect(paid.json().status).toBe('succeeded');
  owner = { ...signedIn, customer: intent.customer, intent: intent.id };
  other = await t.signIn('intruder');
});
afterAll(() => t.close());

async function paymentIntentsOf(customer: string | null) {
  if (!customer) return 0;
  return (await t.stripe.paymentIntents.list({ customer, limit: 100 })).data.length;
}

type Method = 'GET' | 'PUT' | 'POST';

describe("another user's ids are refused", () => {
  it.each([
    ['GET', () => `/api/payment/customer/${owner.customer}`, undefined],
    ['PUT', () => `/api/payment/customer/${owner.customer}`, () => ({ name: 'Mallory' })],
    ['POST', () => '/api/payment/customer', () => ({ stripeId: owner.customer })],
    [
      'POST',
      () => '/api/payment/update_fjcustomer',
      () => ({ stripeCustomerId: owner.customer, discordId: null, updateFields: { name: 'Mallory' } }),
    ],
    ['GET', () => `/api/payment/session/${owner.intent}`, undefined],
    [
      'POST',
      () => '/api/payment/process_single',
      () => ({ paymentIntentId: owner.intent, paymentMethodId: 'pm_x' }),
    ],
    [
      'POST',
      () => '/api/payment/process_subscription',
      () => ({ paymentIntentId: owner.intent, paymentMethodId: 'pm_x' }),
    ],
  ] as [Method, () => string, (() => object) | undefined][])('%s %s', async (method, url, body) => {
    const response = await t.app.inject({
      method,
      url: url(),
      headers: { cookie: other.cookie },
      ...(body ? { payload: body() } : {}),
    });
    expect(response.statusCode, response.body).toBe(403);
    const customer = await t.stripe.customers.retrieve(owner.customer);
    expect('name' in customer && customer.name).not.toBe('Mallory');
  });

  it('refuses a checkout form carrying someone else’s userId or stripeId', async () => {
    for (const field of [{ userId: owner.userId }, { stripeId: owner.customer }] as Record<
      string,
      string
    >[]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/payment/create-checkout-session',
        headers: { cookie: other.cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          purchaseType: 'Credits',
          tierType: 'Starter Pack',
          ...field,
        }).toString(),
      });
      expect(response.statusCode).toBe(403);
    }
  });

  it('refuses a hosted subscription checkout to someone already on a plan', async () => {
    const member = await t.signIn('member');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payment/create-checkout-session',
      headers: { cookie: member.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        purchaseType: 'Subscription',
        tierType: 'Founders Plan',
        recurringType: 'Monthly',
      }).toString(),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('ALREADY_SUBSCRIBED');
    const row = await findUserById(t.database.db, member.userId);
    const live = await t.stripe.subscriptions.list({ customer: row!.stripeCustomerId! });
    expect(live.data).toHaveLength(1);
  });

  it('lets the owner read their own receipt and customer', async () => {
    const session = await t.app.inject({
      url: `/api/payment/session/${owner.intent}`,
      headers: { cookie: owner.cookie },
    });
    expect(session.statusCode).toBe(200);
    const customer = await t.app.inject({
      url: `/api/payment/customer/${owner.customer}`,
      headers: { cookie: owner.cookie },
    });
    expect(customer.json()).toMatchObject({ id: owner.customer, name: 'owner' });
  });

  it('requires a session for every payment call', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payment/create-payment-intent',
      payload: { purchaseType: 'Credits', tierType: 'Starter Pack' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('bad input gets a clear 4xx and charges nothing', () => {
  it.each([
    [{ purchaseType: 'Credits', tierType: 'Mega Pack' }, 'UNKNOWN_PACKAGE'],
    [{ purchaseType: 'Subscription', tierType: 'Platinum Plan', recurringType: 'Monthly' }, 'UNKNOWN_PLAN'],
    [{ purchaseType: 'Credits' }, 'VALIDATION_ERROR'],
    [{ purchaseType: 'Credits', tierType: '' }, 'VALIDATION_ERROR'],
    [{ purchaseType: 'Lottery', tierType: 'Starter Pack' }, 'VALIDATION_ERROR'],
    [{ purchaseType: 'Credits', tierType: 'Starter Pack', amount: -500 }, 'VALIDATION_ERROR'],
    [
      { purchaseType: 'Subscription', tierType: 'Founders Plan', recurringType: 'Weekly' },
      'VALIDATION_ERROR',
    ],
  ])('create-payment-intent %j', async (payload, code) => {
    const fresh = await t.signIn(`bad-input-${Math.random().toString(36).slice(2, 8)}`);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payment/create-payment-intent',
      headers: { cookie: fresh.cookie },
      payload,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.code).toBe(code);
    const user = await findUserById(t.database.db, fresh.userId);
    expect(await paymentIntentsOf(user!.stripeCustomerId)).toBe(0);
  });

  it('refuses process calls with missing fields or unknown ids', async () => {
    for (const payload of [
      {},
      { paymentIntentId: owner.intent },
      { paymentMethodId: 'pm_1' },
      { paymentIntentId: 'pi_does_not_exist', paymentMethodId: 'pm_1' },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/payment/process_single',
        headers: { cookie: owner.cookie },
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('refuses to pay an already paid intent again', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payment/process_single',
      headers: { cookie: owner.cookie },
      payload: { paymentIntentId: owner.intent, paymentMethodId: await t.card(CARDS.ok) },
    });
    expect(response.statusCode).toBe(409);
    expect((await t.stripe.charges.list({ customer: owner.customer })).data).toHaveLength(1);
  });

  it('refuses an unknown session id and an unknown customer', async () => {
    const session = await t.app.inject({
      url: '/api/payment/session/xyz',
      headers: { cookie: owner.cookie },
    });
    expect(session.statusCode).toBe(400);
  });
});
