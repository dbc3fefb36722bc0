import { findTier } from '@app/domain';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIncompleteSubscription } from '../../src/modules/payments/create-payment-intent.ts';
import { call, userRow } from '../subscriptions/helpers.ts';
import { CARDS, createPaymentTestApp, type PaymentTestContext } from './helpers.ts';

let t: PaymentTestContext;
beforeAll(async () => {
  t = await createPaymentTestApp();
});
afterAll(() => t.close());

const PAID = new Set(['active', 'trialing', 'past_due', 'unpaid']);

async function paidPlans(customer: string) {
  const all = await t.stripe.subscriptions.list({ customer, status: 'all', limit: 100 });
  return all.data.filter((s) => PAID.has(s.status));
}

async function succeededCharges(customer: string) {
  const charges = await t.stripe.charges.list({ customer, limit: 100 });
  return charges.data.filter((c) => c.status === 'succeeded');
}

const pay = async (cookie: string, paymentIntentId: string) =>
  call(t, cookie, 'POST', '/api/payment/process_subscription', {
    paymentIntentId,
    paymentMethodId: await t.card(CARDS.ok),
  });

/** A signed-in free user with a Stripe customer (made by their first "Choose plan" click). */
async function freeUser(name: string) {
  const { cookie, userId } = await t.signIn(`${name}-${Math.random().toString(36).slice(2, 8)}`);
  const first = await call(t, cookie, 'POST', '/api/payment/create-payment-intent', {
    purchaseType: 'Subscription',
    tierType: 'Professional Plan',
    recurringType: 'Monthly',
  });
  expect(first.statusCode, first.body).toBe(200);
  const customer = (await userRow(t, userId)).stripeCustomerId!;
  return { cookie, userId, customer, first: first.json<{ id: string }>() };
}

/** Only PostgreSQL runs the two requests truly in parallel. */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two plan payments at the same moment', () => {
  it('two tabs each holding a plan intent pay at once: one plan is charged, the other is cancelled and answered 409', async () => {
    const user = await freeUser('two-tabs-race');
    // The second tab's intent, made at the same moment as the first one (neither saw the other).
    const founders = findTier('Founders Plan', 'Monthly')!;
    const second = await createIncompleteSubscription({
      stripe: t.stripe,
      customer: user.customer,
      userId: user.userId,
      tier: founders,
    });
    const intents = [user.first.id, second.intent!.id];

    const answers = await Promise.all(intents.map((id) => pay(user.cookie, id)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses, answers.map((a) => a.body).join('\n')).toEqual([200, 409]);
    const won = answers.find((a) => a.statusCode === 200)!;
    expect(won.json()).toMatchObject({ status: 'succeeded', error: null });
    const lost = answers.find((a) => a.statusCode === 409)!;
    expect(lost.json().error.message).toMatch(/nothing was charged/);

    expect(await paidPlans(user.customer)).toHaveLength(1);
    expect(await succeededCharges(user.customer)).toHaveLength(1);
    const states = await Promise.all(intents.map((id) => t.stripe.paymentIntents.retrieve(id)));
    expect(states.map((i) => i.status).sort()).toEqual(['canceled', 'succeeded']);
  }, 60_000);

  it('two "Choose plan" clicks and their payments, all at once: exactly one plan, one charge', async () => {
    const user = await freeUser('clicks-race');
    const clicks = await Promise.all(
      ['Professional Plan', 'Founders Plan'].map((tierType) =>
        call(t, user.cookie, 'POST', '/api/payment/create-payment-intent', {
          purchaseType: 'Subscription',
          tierType,
          recurringType: 'Monthly',
        }),
      ),
    );
    const ids = [
      user.first.id,
      ...clicks.filter((c) => c.statusCode === 200).map((c) => c.json().id as string),
    ];
    const answers = await Promise.all(ids.map((id) => pay(user.cookie, id)));
    expect(answers.filter((a) => a.statusCode === 200 && a.json().status === 'succeeded')).toHaveLength(1);
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
    expect(await paidPlans(user.customer)).toHaveLength(1);
    expect(await succeededCharges(user.customer)).toHaveLength(1);
  }, 60_000);
});

describe('a plan paid by card closes every other way to pay a plan', () => {
  it('an open hosted checkout for a plan is expired when a card pays a plan, and cannot be paid afterwards', async () => {
    const user = await freeUser('hosted-then-card');
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/payment/create-checkout-session',
      headers: { cookie: user.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'purchaseType=Subscription&tierType=Founders%20Plan&recurringType=Monthly',
    });
    expect(started.statusCode, started.body).toBe(303);
    // Opening the hosted page replaced the card intent of the first click.
    expect((await pay(user.cookie, user.first.id)).statusCode).toBe(409);

    const again = await call(t, user.cookie, 'POST', '/api/payment/create-payment-intent', {
      purchaseType: 'Subscription',
      tierType: 'Professional Plan',
      recurringType: 'Monthly',
    });
    expect(again.statusCode, again.body).toBe(200);
    const paid = await pay(user.cookie, again.json().id);
    expect(paid.json()).toMatchObject({ status: 'succeeded' });

    const sessions = await t.stripe.checkout.sessions.list({ customer: user.customer });
    const hosted = sessions.data.find((s: Stripe.Checkout.Session) => s.mode === 'subscription')!;
    expect(hosted.status).toBe('expired');
    const late = await fetch(started.headers.location as string, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a%40example.com&name=A&card_number=4242424242424242&card_expiry=12%20%2F%2034&card_cvc=123',
      redirect: 'manual',
    });
    // The page sends the browser back to itself, which now says the session expired.
    expect(late.headers.get('location')).not.toMatch(/success/);
    expect((await t.stripe.checkout.sessions.retrieve(hosted.id)).status).toBe('expired');
    expect(await paidPlans(user.customer)).toHaveLength(1);
    expect(await succeededCharges(user.customer)).toHaveLength(1);
  });
});
