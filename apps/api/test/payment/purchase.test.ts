import { findUserById } from '@app/db';
import { allUsers, ledgerEntriesByKey } from '@app/db/testing';
import { CREDIT_PACKAGES, findTier } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARDS, createPaymentTestApp, type PaymentTestContext } from './helpers.ts';

let t: PaymentTestContext;
beforeAll(async () => {
  t = await createPaymentTestApp();
});
afterAll(() => t.close());

const pack = CREDIT_PACKAGES.find((p) => p.name === 'Creator Pack')!;

async function balance(userId: string) {
  const row = await findUserById(t.database.db, userId);
  return row!;
}

async function startPurchase(cookie: string, body: Record<string, unknown>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/payment/create-payment-intent',
    headers: { cookie },
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{
    id: string;
    client_secret: string;
    customer: string;
    amount: number;
    metadata: Record<string, string>;
  }>();
}

function pay(cookie: string, kind: 'single' | 'subscription', payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: `/api/payment/process_${kind}`, headers: { cookie }, payload });
}

describe('payment config', () => {
  it('gives the browser the publishable key and the emulator URL', async () => {
    const response = await t.app.inject({ url: '/api/payment/config' });
    expect(response.json()).toEqual({
      publishableKey: t.billing.publishableKey,
      emulatorUrl: t.emulator.url,
    });
  });
});

describe('buying a credit package', () => {
  it('charges the card, grants the package once however often the webhook arrives', async () => {
    const { cookie, userId } = await t.signIn('buyer-ok');
    const before = (await balance(userId)).credits;
    const intent = await startPurchase(cookie, { purchaseType: 'Credits', tierType: pack.name });
    expect(intent.metadata).toMatchObject({ payment_type: 'Credits', tierType: pack.name });
    expect(intent.client_secret).toMatch(/^pi_.+_secret_/);
    expect(intent.amount).toBe(pack.price);

    const response = await pay(cookie, 'single', {
      paymentIntentId: intent.id,
      paymentMethodId: await t.card(CARDS.ok),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'succeeded',
      amountPaid: pack.price,
      error: null,
      sessionId: intent.id,
    });
    expect((await balance(userId)).credits).toBe(before + pack.credits);

    await t.deliverEvents();
    await t.deliverEvents();
    expect((await balance(userId)).credits).toBe(before + pack.credits);
    const rows = await ledgerEntriesByKey(t.database.db, `payment_intent:${intent.id}:credits`);
    expect(rows).toHaveLength(1);

    const session = await t.app.inject({ url: `/api/payment/session/${intent.id}`, headers: { cookie } });
    expect(session.json()).toMatchObject({
      id: intent.id,
      amount_total: pack.price,
      metadata: { tierType: pack.name },
    });
  });

  it('reports a declined card and grants nothing', async () => {
    const { cookie, userId } = await t.signIn('buyer-declined');
    const before = (await balance(userId)).credits;
    const intent = await startPurchase(cookie, { purchaseType: 'Credits', tierType: pack.name });
    const response = await pay(cookie, 'single', {
      paymentIntentId: intent.id,
      paymentMethodId: await t.card(CARDS.declined),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'requires_payment_method',
      error: 'Your card was declined. Try another card or contact your bank.',
    });
    await t.deliverEvents();
    expect((await balance(userId)).credits).toBe(before);

    // The same intent can be paid with another card afterwards.
    const retry = await pay(cookie, 'single', {
      paymentIntentId: intent.id,
      paymentMethodId: await t.card(CARDS.ok),
    });
    expect(retry.json()).toMatchObject({ status: 'succeeded' });
    expect((await balance(userId)).credits).toBe(before + pack.credits);
  });

  it('asks for authentication with 3155 and grants once the webhook says it succeeded', async () => {
    const { cookie, userId } = await t.signIn('buyer-3ds');
    const before = (await balance(userId)).credits;
    const intent = await startPurchase(cookie, { purchaseType: 'Credits', tierType: pack.name });
    const response = await pay(cookie, 'single', {
      paymentIntentId: intent.id,
      paymentMethodId: await t.card(CARDS.authenticate),
    });
    expect(response.json()).toMatchObject({ status: 'requires_action', client_secret: intent.client_secret });
    expect((await balance(userId)).credits).toBe(before);
  });

  it('refuses an invalid coupon without charging and takes a valid one off the price', async () => {
    const { cookie, userId } = await t.signIn('buyer-coupon');
    const intent = await startPurchase(cookie, { purchaseType: 'Credits', tierType: pack.name });
    const method = await t.card(CARDS.ok);

    const check = await t.app.inject({
      method: 'POST',
      url: '/api/payment/verify_coupon',
      headers: { cookie },
      payload: { couponid: 'NOPE' },
    });
    expect(check.json()).toMatchObject({ valid: false, discountName: null });
    const invalid = await pay(cookie, 'single', {
      paymentIntentId: intent.id,
      paymentMethodId: method,
      couponCode: 'NOPE',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toBe('Invalid Coupon Entered');
    expect((await t.stripe.paymentIntents.retrieve(intent.id)).status).toBe('requires_payment_method');

    const valid = await t.app.inject({
      method: 'POST',
      url: '/api/payment/verify_coupon',
      headers: { cookie },
      payload: { couponid: 'welcome10', paymentIntentId: intent.id },
    });
    // The checkout shows the new total before Pay.
    expect(valid.json()).toMatchObject({
      valid: true,
      amount: pack.price,
      discountedAmount: Math.round(pack.price * 0.9),
    });
    const other = await t.signIn('buyer-coupon-other');
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/payment/verify_coupon',
      headers: { cookie: other.cookie },
      payload: { couponid: 'WELCOME10', paymentIntentId: intent.id },
    });
    expect(foreign.statusCode).toBe(403);
    const paid = await pay(cookie, 'single', {
      paymentIntentId: intent.id,
      paymentMethodId: method,
      couponCode: 'WELCOME10',
    });
    expect(paid.json()).toMatchObject({ status: 'succeeded', amountPaid: Math.round(pack.price * 0.9) });
    expect((await balance(userId)).credits).toBeGreaterThanOrEqual(pack.credits);
  });

  it('a paid intent never granted (the answer was lost) is granted by the retry, once', async () => {
    const { cookie, userId } = await t.signIn('buyer-lost-answer');
    const before = (await balance(userId)).credits;
    const intent = await startPurchase(cookie, { purchaseType: 'Credits', tierType: pack.name });
    // The charge went through at Stripe, but our process stopped before granting.
    await t.stripe.paymentIntents.confirm(intent.id, { payment_method: await t.card(CARDS.ok) });
    expect((await balance(userId)).credits).toBe(before);
    for (let i = 0; i < 2; i++) {
      const retry = await pay(cookie, 'single', {
        paymentIntentId: intent.id,
        paymentMethodId: await t.card(CARDS.ok),
      });
      expect(retry.statusCode, retry.body).toBe(200);
      expect(retry.json()).toMatchObject({ status: 'succeeded', error: null });
    }
    expect((await balance(userId)).credits).toBe(before + pack.credits);
  });
});

describe('subscribing', () => {
  it('a free user subscribes to Professional Plan monthly: status and credits granted once', async () => {
    const { cookie, userId } = await t.signIn('subscriber');
    const before = await balance(userId);
    expect(before.subscriptionStatus).toBe('free');
    const tier = findTier('Professional Plan', 'Monthly')!;
    const intent = await startPurchase(cookie, {
      purchaseType: 'Subscription',
      tierType: 'Professional Plan',
      recurringType: 'Monthly',
    });
    expect(intent.metadata).toMatchObject({
      payment_type: 'Subscription',
      subscription_id: expect.stringMatching(/^sub_/),
    });
    const response = await pay(cookie, 'subscription', {
      paymentIntentId: intent.id,
      paymentMethodId: await t.card(CARDS.ok),
    });
    expect(response.json()).toMatchObject({ status: 'succeeded', amountPaid: tier.price });

    await t.deliverEvents();
    await t.deliverEvents();
    const after = await balance(userId);
    expect(after.subscriptionStatus).toBe('Professional Plan');
    expect(after.credits).toBe(before.credits + tier.credits);
    expect(after.hypercredits).toBe(before.hypercredits + tier.hypercredits);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/payment/create-payment-intent',
      headers: { cookie },
      payload: { purchaseType: 'Subscription', tierType: 'Founders Plan', recurringType: 'Monthly' },
    });
    expect(again.statusCode).toBe(409);
  });

  it('a coupon replaces the waiting subscription with a discounted one', async () => {
    const { cookie, userId } = await t.signIn('subscriber-coupon');
    const tier = findTier('Founders Plan', 'Yearly')!;
    const intent = await startPurchase(cookie, {
      purchaseType: 'Subscription',
      tierType: 'Founders Plan',
      recurringType: 'Yearly',
    });
    const response = await pay(cookie, 'subscription', {
      paymentIntentId: intent.id,
      paymentMethodId: await t.card(CARDS.ok),
      couponCode: 'welcome10',
    });
    expect(response.json()).toMatchObject({ status: 'succeeded', amountPaid: Math.round(tier.price * 0.9) });
    await t.deliverEvents();
    expect((await balance(userId)).subscriptionStatus).toBe('Founders Plan Yearly');
    const old = await t.stripe.subscriptions.retrieve(intent.metadata.subscription_id!);
    expect(old.status).not.toBe('active');
  });
});

describe('seeded plans', () => {
  it('member and admin hold real subscriptions; free holds none; a second seeding changes nothing', async () => {
    const { seedBilling } = await import('../../src/modules/billing/seed-billing.ts');
    await seedBilling({ db: t.database.db, stripe: t.stripe });
    const all = await allUsers(t.database.db);
    const byName = (name: string) => all.find((u) => u.discordName === name)!;
    for (const [name, plan] of [
      ['member', 'Professional Plan'],
      ['admin', 'Founders Plan'],
    ] as const) {
      const user = byName(name);
      expect(user.subscriptionStatus).toBe(plan);
      const subs = await t.stripe.subscriptions.list({ customer: user.stripeCustomerId!, status: 'all' });
      expect(subs.data.map((s) => s.status)).toEqual(['active']);
    }
    expect(byName('free').stripeCustomerId).toBeNull();
  });
});
