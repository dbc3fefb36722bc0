import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentTestApp, type PaymentTestContext } from '../payment/helpers.ts';
import { type Subscriber, call, subscribe } from './helpers.ts';

let t: PaymentTestContext;
let alice: Subscriber;
let bob: Subscriber;
beforeAll(async () => {
  t = await createPaymentTestApp();
  alice = await subscribe(t, 'alice', 'Professional Plan');
  bob = await subscribe(t, 'bob', 'Professional Plan');
});
afterAll(() => t.close());

describe("another user's ids", () => {
  it('are refused by every subscription call, and nothing of theirs changes', async () => {
    const sub = bob.subscriptionId;
    const attempts: ['GET' | 'POST', string, Record<string, unknown>?][] = [
      ['GET', `/api/payment/subscriptionDetails/${sub}`],
      ['POST', `/api/payment/cancelSubscription/${sub}`, {}],
      ['POST', `/api/payment/renew_subscription/${sub}`, {}],
      ['GET', `/api/payment/update_subscription_status/${sub}`],
      ['POST', '/api/payment/check-subscription-status', { subscriptionId: sub }],
      [
        'POST',
        '/api/payment/updateSubscription',
        { userId: bob.userId, newsubscriptiontype: 'Founders Plan' },
      ],
      [
        'POST',
        '/api/payment/updateSubscription',
        { userId: alice.userId, stripeId: bob.customerId, newsubscriptiontype: 'Founders Plan' },
      ],
      ['POST', '/api/payment/payment_method_update_portal', { customer_id: bob.customerId }],
      ['POST', '/api/payment/create_invoice_portal', { customer_id: bob.customerId }],
      ['GET', `/api/payment/payment-history/${bob.customerId}`],
    ];
    for (const [method, url, body] of attempts) {
      const response = await call(t, alice.cookie, method, url, body);
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(403);
      expect(response.body).not.toContain(bob.customerId);
    }
    const bobs = await t.stripe.subscriptions.retrieve(sub);
    expect(bobs.cancel_at_period_end).toBe(false);
    expect((await t.stripe.invoices.list({ customer: bob.customerId })).data).toHaveLength(1);
  });

  it('an id nobody has is 404, anonymous callers 401', async () => {
    const missing = await call(t, alice.cookie, 'GET', '/api/payment/subscriptionDetails/sub_doesnotexist');
    expect(missing.statusCode).toBe(404);
    const anonymous = await t.app.inject({ url: `/api/payment/subscriptionDetails/${alice.subscriptionId}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('admins may act on anyone', async () => {
    const admin = await t.signIn('admin');
    const details = await call(
      t,
      admin.cookie,
      'GET',
      `/api/payment/subscriptionDetails/${bob.subscriptionId}`,
    );
    expect(details.statusCode).toBe(200);
    const history = await call(t, admin.cookie, 'GET', `/api/payment/payment-history/${bob.customerId}`);
    expect(history.statusCode).toBe(200);
  });
});

describe('payment history', () => {
  it('lists invoices and one-off charges newest first, with PDF and receipt links', async () => {
    await t.emulator.advanceClock(60);
    await call(t, alice.cookie, 'POST', '/api/payment/updateSubscription', {
      userId: alice.userId,
      newsubscriptiontype: 'Founders Plan',
    });
    await t.emulator.advanceClock(60);
    const intent = (
      await call(t, alice.cookie, 'POST', '/api/payment/create-payment-intent', {
        purchaseType: 'Credits',
        tierType: 'Starter Pack',
      })
    ).json();
    const paid = await call(t, alice.cookie, 'POST', '/api/payment/process_single', {
      paymentIntentId: intent.id,
      paymentMethodId: await t.card('4242424242424242'),
    });
    expect(paid.statusCode, paid.body).toBe(200);

    const response = await call(t, alice.cookie, 'GET', `/api/payment/payment-history/${alice.customerId}`);
    expect(response.statusCode, response.body).toBe(200);
    const records = response.json<{ date: number; type: string; amount: number }[]>();
    expect(records.map((record) => record.type)).toEqual(['charge', 'subscription', 'subscription']);
    expect(records.map((record) => record.date)).toEqual(
      [...records.map((r) => r.date)].sort((a, b) => b - a),
    );
    const [charge, upgrade, first] = records as Record<string, unknown>[];
    expect(charge).toMatchObject({
      amount: 499,
      // One word per state, for charges as for invoices.
      status: 'paid',
      description: 'Starter Pack',
      invoice_pdf: null,
    });
    expect(charge!.receipt_url).toMatch(/\/_emulator\/receipts\/ch_/);
    expect(upgrade).toMatchObject({ status: 'paid', description: 'Plan change: Founders Plan' });
    expect(first).toMatchObject({ status: 'paid', amount: 1499 });
    for (const invoice of [upgrade, first]) {
      expect(invoice!.invoice_pdf).toMatch(/\/pdf$/);
      expect(invoice!.receipt_url).toMatch(/\/_emulator\/receipts\/ch_/);
    }
  });
});
