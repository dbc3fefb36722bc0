import { findTier } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARDS, createPaymentTestApp, type PaymentTestContext } from '../payment/helpers.ts';
import { call, subscribe, userRow } from './helpers.ts';

let t: PaymentTestContext;
beforeAll(async () => {
  t = await createPaymentTestApp();
});
afterAll(() => t.close());

const change = (s: { cookie: string; userId: string; customerId: string }, plan: string) =>
  call(t, s.cookie, 'POST', '/api/payment/updateSubscription', {
    userId: s.userId,
    stripeId: s.customerId,
    newsubscriptiontype: plan,
  });

describe('upgrades', () => {
  it('preview: the amount charged now and the credits added, before anything changes', async () => {
    const s = await subscribe(t, 'upgrade-preview', 'Professional Plan');
    const before = await userRow(t, s.userId);
    const preview = await call(t, s.cookie, 'POST', '/api/payment/preview-plan-change', {
      userId: s.userId,
      stripeId: s.customerId,
      newsubscriptiontype: 'Founders Plan',
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const from = findTier('Professional Plan')!;
    const to = findTier('Founders Plan')!;
    expect(preview.json()).toMatchObject({
      change: 'upgrade',
      credits: to.credits - from.credits,
      hypercredits: to.hypercredits - from.hypercredits,
    });
    // Nothing changed, nothing was charged.
    expect(await userRow(t, s.userId)).toMatchObject({
      subscriptionStatus: 'Professional Plan',
      credits: before.credits,
    });
    // Confirming charges exactly the previewed amount.
    const done = await change(s, 'Founders Plan');
    expect(done.json().amountCharged).toBe(preview.json().amountDueNow);
  });

  it("grants the difference of the plans' credits once, however often the invoice is reported", async () => {
    const s = await subscribe(t, 'upgrade-credits', 'Professional Plan');
    await t.deliverEvents();
    const before = await userRow(t, s.userId);
    const response = await change(s, 'Founders Plan');
    expect(response.statusCode, response.body).toBe(200);
    const from = findTier('Professional Plan')!;
    const to = findTier('Founders Plan')!;
    const after = await userRow(t, s.userId);
    expect(after.credits - before.credits).toBe(to.credits - from.credits);
    expect(after.hypercredits - before.hypercredits).toBe(to.hypercredits - from.hypercredits);
    await t.deliverEvents();
    expect((await userRow(t, s.userId)).credits).toBe(after.credits);
  });

  it('a declined card changes nothing, keeps a scheduled downgrade and says why in plain words', async () => {
    const s = await subscribe(t, 'upgrade-declined', 'Founders Plan');
    expect((await change(s, 'Professional Plan')).statusCode).toBe(200);
    const failing = await t.card('4000000000000341');
    await t.stripe.paymentMethods.attach(failing, { customer: s.customerId });
    await t.stripe.customers.update(s.customerId, { invoice_settings: { default_payment_method: failing } });
    await t.stripe.subscriptions.update(s.subscriptionId, { default_payment_method: failing });
    const before = await userRow(t, s.userId);

    const response = await change(s, 'Founders Image Only Plan');
    expect(response.statusCode).toBe(402);
    expect(response.json().error.code).toBe('UPGRADE_PAYMENT_FAILED');
    expect(response.json().error.message).toMatch(/declined/i);
    expect(response.body).not.toMatch(/generic_decline|card_declined/);

    const after = await userRow(t, s.userId);
    expect(after.subscriptionStatus).toBe('Founders Plan');
    expect(after.credits).toBe(before.credits);
    const subscription = await t.stripe.subscriptions.retrieve(s.subscriptionId);
    expect(subscription.items.data[0]!.price.lookup_key).toBe(findTier('Founders Plan')!.lookupKey);
    expect(subscription.schedule).not.toBeNull();
    expect(subscription.metadata.downgradeTo).toBe('Professional Plan');
  });
});

describe('Stripe errors reach users in our words', () => {
  it('a card declined when attached answers our code and message, not Stripe’s', async () => {
    const { cookie } = await t.signIn('declined-attach');
    const intent = await call(t, cookie, 'POST', '/api/payment/create-payment-intent', {
      purchaseType: 'Subscription',
      tierType: 'Professional Plan',
      recurringType: 'Monthly',
    });
    expect(intent.statusCode, intent.body).toBe(200);
    const response = await call(t, cookie, 'POST', '/api/payment/process_subscription', {
      paymentIntentId: intent.json().id,
      paymentMethodId: await t.card(CARDS.insufficientFunds),
    });
    expect(response.statusCode).toBe(402);
    expect(response.json().error).toEqual({
      code: 'CARD_DECLINED',
      message: 'Your card has insufficient funds. Try another card.',
    });
  });
});
