import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, userRow } from '../subscriptions/helpers.ts';
import { CARDS, createPaymentTestApp, type PaymentTestContext } from './helpers.ts';

let t: PaymentTestContext;
beforeAll(async () => {
  t = await createPaymentTestApp();
});
afterAll(() => t.close());

const choosePlan = (cookie: string, tierType = 'Professional Plan') =>
  call(t, cookie, 'POST', '/api/payment/create-payment-intent', {
    purchaseType: 'Subscription',
    tierType,
    recurringType: 'Monthly',
  });

describe('one live paid plan per user', () => {
  it('an intent made before another plan was paid is cancelled at payment, not charged, and answered 409', async () => {
    const { cookie, userId } = await t.signIn('two-tabs');
    const waiting = await choosePlan(cookie);
    expect(waiting.statusCode, waiting.body).toBe(200);

    // Meanwhile, hosted checkout pays for a plan.
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/payment/create-checkout-session',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'purchaseType=Subscription&tierType=Founders%20Plan&recurringType=Monthly',
    });
    expect(started.statusCode, started.body).toBe(303);
    const paid = await fetch(started.headers.location as string, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a%40example.com&name=A&card_number=4242424242424242&card_expiry=12%20%2F%2034&card_cvc=123',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    await t.deliverEvents();

    const response = await call(t, cookie, 'POST', '/api/payment/process_subscription', {
      paymentIntentId: waiting.json().id,
      paymentMethodId: await t.card(CARDS.ok),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('ALREADY_SUBSCRIBED');
    const intent = await t.stripe.paymentIntents.retrieve(waiting.json().id);
    expect(intent.status).not.toBe('succeeded');
    const customer = (await userRow(t, userId)).stripeCustomerId!;
    const live = (await t.stripe.subscriptions.list({ customer })).data.filter((s) => s.status === 'active');
    expect(live).toHaveLength(1);
  });

  it('abandoned "Choose plan" clicks leave nothing owed in the payment history', async () => {
    const { cookie, userId } = await t.signIn('abandoner');
    const first = await choosePlan(cookie);
    const second = await choosePlan(cookie, 'Founders Plan');
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    // The first attempt is no longer payable: a new click replaced it.
    const stale = await call(t, cookie, 'POST', '/api/payment/process_subscription', {
      paymentIntentId: first.json().id,
      paymentMethodId: await t.card(CARDS.ok),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('PAYMENT_EXPIRED');

    const customer = (await userRow(t, userId)).stripeCustomerId!;
    const history = await call(t, cookie, 'GET', `/api/payment/payment-history/${customer}`);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.body).not.toMatch(/"status":"(open|due)"/);
    // At Stripe only the attempt still on screen is open; the replaced one is void.
    const open = await t.stripe.invoices.list({ customer, status: 'open' });
    expect(open.data).toHaveLength(1);
    expect((await t.stripe.invoices.list({ customer, status: 'void' })).data).toHaveLength(1);
  });
});
