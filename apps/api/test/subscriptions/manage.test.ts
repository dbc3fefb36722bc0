import { SAME_PLAN_MESSAGE, TIER_OPTIONS, findTier } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentTestApp, type PaymentTestContext } from '../payment/helpers.ts';
import { call, subscribe, userRow } from './helpers.ts';

let t: PaymentTestContext;
beforeAll(async () => {
  t = await createPaymentTestApp();
});
afterAll(() => t.close());

describe('subscription details', () => {
  it('shows plan, price, next amount and period end', async () => {
    const s = await subscribe(t, 'details-user', 'Professional Plan');
    const response = await call(t, s.cookie, 'GET', `/api/payment/subscriptionDetails/${s.subscriptionId}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      subscription_id: s.subscriptionId,
      subscription_status: 'Professional Plan',
      actualPrice: findTier('Professional Plan')!.price,
      upcomingAmount: findTier('Professional Plan')!.price,
      cancel_at_period_end: false,
      downgrade_to_subname: null,
      discounted: false,
      gifted: false,
    });
    expect(body.current_period_end).toBeGreaterThan(Date.now() / 1000 + 27 * 86400);
  });
});

describe('own subscriptions', () => {
  it("lists the user's live subscriptions, paid ones first, and only theirs", async () => {
    const s = await subscribe(t, 'listing-user', 'Professional Plan');
    const response = await call(t, s.cookie, 'GET', '/api/payment/subscriptions');
    expect(response.json()).toEqual({
      subscriptions: [
        {
          subscription_id: s.subscriptionId,
          tier: 'Professional Plan',
          status: 'active',
          gifted: false,
          current_period_end: expect.any(Number),
          cancel_at_period_end: false,
        },
      ],
    });
    const other = await t.signIn('listing-other');
    const none = await call(t, other.cookie, 'GET', '/api/payment/subscriptions');
    expect(none.json()).toEqual({ subscriptions: [] });
  });
});

describe('cancel and renew', () => {
  it('cancels at period end, keeps the plan until then, and renew undoes it', async () => {
    const s = await subscribe(t, 'cancel-user', 'Founders Plan');
    const cancelled = await call(t, s.cookie, 'POST', `/api/payment/cancelSubscription/${s.subscriptionId}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ cancel_at_period_end: true, upcomingAmount: 0 });
    expect((await t.stripe.subscriptions.retrieve(s.subscriptionId)).cancel_at_period_end).toBe(true);
    let user = await userRow(t, s.userId);
    expect(user.subscriptionStatus).toBe('Founders Plan');
    expect(user.cancelFlag).not.toBe('0');

    const renewed = await call(t, s.cookie, 'POST', `/api/payment/renew_subscription/${s.subscriptionId}`);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json()).toMatchObject({ cancel_at_period_end: false });
    user = await userRow(t, s.userId);
    expect(user.cancelFlag).toBe('0');
  });
});

describe('changing plan', () => {
  it('same plan: the no-change message and nothing changes', async () => {
    const s = await subscribe(t, 'same-user', 'Professional Plan');
    const response = await call(t, s.cookie, 'POST', '/api/payment/updateSubscription', {
      userId: s.userId,
      stripeId: s.customerId,
      newsubscriptiontype: 'Professional Plan',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ change: 'same', message: SAME_PLAN_MESSAGE, amountCharged: 0 });
    const invoices = await t.stripe.invoices.list({ customer: s.customerId });
    expect(invoices.data).toHaveLength(1);
  });

  it('upgrade: at once, prorated, charged on a paid invoice, answered with the amount', async () => {
    const s = await subscribe(t, 'upgrade-user', 'Professional Plan');
    const response = await call(t, s.cookie, 'POST', '/api/payment/updateSubscription', {
      userId: s.userId,
      stripeId: s.customerId,
      newsubscriptiontype: 'Founders Plan',
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    const difference = findTier('Founders Plan')!.price - findTier('Professional Plan')!.price;
    expect(body.change).toBe('upgrade');
    expect(body.updatedSubscription.plan).toBe('Founders Plan');
    // Almost a whole period is left, so the prorated charge is close to the price difference.
    expect(body.amountCharged).toBeGreaterThan(difference * 0.95);
    expect(body.amountCharged).toBeLessThanOrEqual(difference);
    const invoice = await t.stripe.invoices.retrieve(body.invoiceId);
    expect(invoice).toMatchObject({ status: 'paid', billing_reason: 'subscription_update' });
    expect(invoice.amount_paid).toBe(body.amountCharged);
    expect((await userRow(t, s.userId)).subscriptionStatus).toBe('Founders Plan');
    const details = await call(t, s.cookie, 'GET', `/api/payment/subscriptionDetails/${s.subscriptionId}`);
    expect(details.json()).toMatchObject({ subscription_status: 'Founders Plan', actualPrice: 2999 });
  });

  it('downgrade: scheduled for the period end, answered with that date, nothing charged now', async () => {
    const s = await subscribe(t, 'downgrade-user', 'Founders Plan');
    const periodEnd = (await t.stripe.subscriptions.retrieve(s.subscriptionId)).items.data[0]!
      .current_period_end;
    const body = { userId: s.userId, stripeId: s.customerId, newsubscriptiontype: 'Professional Plan' };
    // The preview says when, what is charged now (nothing) and what the first invoice on the new plan is.
    const preview = await call(t, s.cookie, 'POST', '/api/payment/preview-plan-change', body);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({
      change: 'downgrade',
      plan: 'Professional Plan',
      amountDueNow: 0,
      currency: 'usd',
      credits: 0,
      hypercredits: 0,
      effectiveDate: periodEnd,
      renewalAmount: findTier('Professional Plan')!.price,
    });
    const unchanged = await t.stripe.subscriptions.retrieve(s.subscriptionId);
    expect(unchanged.schedule).toBeNull();
    expect(unchanged.items.data[0]!.price.unit_amount).toBe(findTier('Founders Plan')!.price);

    const response = await call(t, s.cookie, 'POST', '/api/payment/updateSubscription', body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      change: 'downgrade',
      effectiveDate: periodEnd,
      amountCharged: 0,
      updatedSubscription: { plan: 'Professional Plan', current_period_end: periodEnd },
    });
    // Still on the higher plan until then.
    expect((await userRow(t, s.userId)).subscriptionStatus).toBe('Founders Plan');
    const details = await call(t, s.cookie, 'GET', `/api/payment/subscriptionDetails/${s.subscriptionId}`);
    expect(details.json()).toMatchObject({
      subscription_status: 'Founders Plan',
      downgrade_to_subname: 'Professional Plan',
      upcomingAmount: findTier('Professional Plan')!.price,
      current_period_end: periodEnd,
    });

    // Cancelling drops the downgrade: the status then reads "cancels on".
    const cancelled = await call(t, s.cookie, 'POST', `/api/payment/cancelSubscription/${s.subscriptionId}`);
    expect(cancelled.json()).toMatchObject({ cancel_at_period_end: true, downgrade_to_subname: null });
  });

  it('decides every pair of paid plans by the SPEC order; free is never a target', async () => {
    const paid = TIER_OPTIONS.map((option) => option.tier);
    for (const [i, current] of paid.entries()) {
      const s = await subscribe(t, `pairs-${i}`, current);
      for (const [j, selected] of paid.entries()) {
        if (j < i) continue; // upgrades change the plan: each gets a fresh subscriber below
        const response = await call(t, s.cookie, 'POST', '/api/payment/updateSubscription', {
          userId: s.userId,
          newsubscriptiontype: selected,
        });
        expect(response.statusCode, `${current} → ${selected}: ${response.body}`).toBe(200);
        const expected = i === j ? 'same' : j < i ? 'upgrade' : 'downgrade';
        expect(response.json().change, `${current} → ${selected}`).toBe(expected);
      }
      const toFree = await call(t, s.cookie, 'POST', '/api/payment/updateSubscription', {
        userId: s.userId,
        newsubscriptiontype: 'free',
      });
      expect(toFree.statusCode).toBe(400);
    }
    for (const [j, selected] of paid.entries()) {
      for (const [i, current] of paid.entries()) {
        if (j >= i) continue;
        const s = await subscribe(t, `up-${i}-${j}`, current);
        const response = await call(t, s.cookie, 'POST', '/api/payment/updateSubscription', {
          userId: s.userId,
          newsubscriptiontype: selected,
        });
        expect(response.json().change, `${current} → ${selected}`).toBe('upgrade');
      }
    }
    const { cookie, userId } = await t.signIn('pairs-free');
    const fromFree = await call(t, cookie, 'POST', '/api/payment/updateSubscription', {
      userId,
      newsubscriptiontype: 'Professional Plan',
    });
    expect(fromFree.statusCode).toBe(409);
    expect(fromFree.json().error.code).toBe('NO_SUBSCRIPTION');
  });
});

describe('billing portal', () => {
  it('answers a portal url that returns to /subscriptionstatus', async () => {
    const s = await subscribe(t, 'portal-user', 'Professional Plan');
    for (const path of ['payment_method_update_portal', 'create_invoice_portal']) {
      const response = await call(t, s.cookie, 'POST', `/api/payment/${path}`, { customer_id: s.customerId });
      expect(response.statusCode, response.body).toBe(200);
      const { url } = response.json();
      expect(url).toContain(new URL(t.emulator.url).host);
      const id = new URL(url).pathname.split('/').pop()!;
      expect(id).toMatch(/^bps_/);
    }
  });
});
