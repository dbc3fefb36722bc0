import { formatEpochDate } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_GIFT_TIER } from '../../src/modules/gifts/create-test-gift-code.ts';
import { createPaymentTestApp, type PaymentTestContext } from '../payment/helpers.ts';
import { call, subscribe, userRow } from '../subscriptions/helpers.ts';
import { buyGift, redeem } from './helpers.ts';

let t: PaymentTestContext;
beforeAll(async () => {
  t = await createPaymentTestApp();
});
afterAll(() => t.close());

/** A fresh user whose only plan is a redeemed gift. */
async function giftedUser(name: string) {
  const admin = await t.signIn('admin');
  const code = (await call(t, admin.cookie, 'POST', '/api/payment/testpost', {})).json().giftcode.code;
  const user = await t.signIn(name);
  const redeemed = await redeem(t, user.cookie, { giftCode: code });
  expect(redeemed.statusCode, redeemed.body).toBe(200);
  return user;
}

describe('choosing a plan while a gift runs', () => {
  it('answers 409 with the gift and its end date for a plan change or a new subscription; nothing changes', async () => {
    const user = await giftedUser('gifted-chooser');
    const listed = await call(t, user.cookie, 'GET', '/api/payment/subscriptions');
    const [gift] = listed.json().subscriptions;
    expect(gift).toMatchObject({ tier: TEST_GIFT_TIER, status: 'trialing', gifted: true });
    const stripeGift = await t.stripe.subscriptions.retrieve(gift.subscription_id);
    expect(gift.current_period_end).toBe(stripeGift.items.data[0]!.current_period_end);
    const message = `Your gifted ${TEST_GIFT_TIER} runs until ${formatEpochDate(gift.current_period_end)}; you can choose a paid plan from then.`;

    for (const newsubscriptiontype of ['Founders Plan', 'Founders Image Only Plan', TEST_GIFT_TIER]) {
      const change = await call(t, user.cookie, 'POST', '/api/payment/updateSubscription', {
        userId: user.userId,
        newsubscriptiontype,
      });
      expect(change.statusCode, newsubscriptiontype).toBe(409);
      expect(change.json().error).toEqual({ code: 'GIFT_PLAN_ACTIVE', message });
    }
    const subscribeNow = await call(t, user.cookie, 'POST', '/api/payment/create-payment-intent', {
      purchaseType: 'Subscription',
      tierType: 'Founders Plan',
      recurringType: 'Monthly',
    });
    expect(subscribeNow.statusCode).toBe(409);
    expect(subscribeNow.json().error).toEqual({ code: 'GIFT_PLAN_ACTIVE', message });

    const after = await t.stripe.subscriptions.list({
      customer: stripeGift.customer as string,
      status: 'all',
    });
    expect(after.data.map((subscription) => subscription.id)).toEqual([gift.subscription_id]);
    expect((await userRow(t, user.userId)).subscriptionStatus).toBe(TEST_GIFT_TIER);
  });

  it('a user without any plan still hears there is nothing to change, a paying one still cannot subscribe twice', async () => {
    const free = await t.signIn('gift-free-chooser');
    const fromFree = await call(t, free.cookie, 'POST', '/api/payment/updateSubscription', {
      userId: free.userId,
      newsubscriptiontype: 'Founders Plan',
    });
    expect(fromFree.json().error.code).toBe('NO_SUBSCRIPTION');
    const paying = await subscribe(t, 'gift-paying-chooser', 'Founders Image Only Plan');
    const again = await call(t, paying.cookie, 'POST', '/api/payment/create-payment-intent', {
      purchaseType: 'Subscription',
      tierType: 'Founders Plan',
      recurringType: 'Monthly',
    });
    expect(again.json().error.code).toBe('ALREADY_SUBSCRIBED');
  });
});

describe('a gift redeemed beside a paid plan', () => {
  it("is listed after the paid plan with the gift's end date, to its owner only; the paid plan stays", async () => {
    const buyer = await t.signIn('gift-beside-buyer');
    const sessionId = await buyGift(t, buyer.cookie, 'Professional Plan');
    const code = (await call(t, buyer.cookie, 'GET', `/api/payment/session/${sessionId}`)).json().giftCode;
    const paying = await subscribe(t, 'gift-beside-payer', 'Founders Plan');
    const redeemed = await redeem(t, paying.cookie, { giftCode: code });
    expect(redeemed.statusCode, redeemed.body).toBe(200);

    const listed = await call(t, paying.cookie, 'GET', '/api/payment/subscriptions');
    expect(listed.statusCode, listed.body).toBe(200);
    const [paid, gift, ...rest] = listed.json().subscriptions;
    expect(rest).toEqual([]);
    expect(paid).toMatchObject({
      subscription_id: paying.subscriptionId,
      tier: 'Founders Plan',
      gifted: false,
    });
    expect(gift).toMatchObject({ tier: 'Professional Plan', status: 'trialing', gifted: true });
    const stripeGift = await t.stripe.subscriptions.retrieve(gift.subscription_id);
    expect(stripeGift.metadata).toMatchObject({ userId: paying.userId, gifted: 'true' });
    expect(gift.current_period_end).toBe(stripeGift.items.data[0]!.current_period_end);
    expect(gift.current_period_end).toBeGreaterThan(Date.now() / 1000 + 27 * 86400);
    expect((await userRow(t, paying.userId)).subscriptionStatus).toBe('Founders Plan');

    // The buyer sees none of it: the list is the session's own.
    const buyersList = await call(t, buyer.cookie, 'GET', '/api/payment/subscriptions');
    expect(buyersList.json()).toEqual({ subscriptions: [] });
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/payment/subscriptions' });
    expect(signedOut.statusCode).toBe(401);
  });
});
