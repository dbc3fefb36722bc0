import { findUserById } from '@app/db';
import { ledgerEntriesByKey, ledgerEntriesByKeyPattern } from '@app/db/testing';
import { CREDIT_PACKAGES } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcilePayments } from '../../src/modules/reconcile/reconcile-payments.ts';
import { CARDS, createPaymentTestApp, type PaymentTestContext } from './helpers.ts';

let t: PaymentTestContext;
beforeAll(async () => {
  t = await createPaymentTestApp();
});
afterAll(() => t.close());

const pack = CREDIT_PACKAGES.find((p) => p.name === 'Creator Pack')!;
const unique = () => Math.random().toString(36).slice(2, 10).toUpperCase();

async function credits(userId: string) {
  return (await findUserById(t.database.db, userId))!.credits;
}

async function startPurchase(cookie: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/payment/create-payment-intent',
    headers: { cookie },
    payload: { purchaseType: 'Credits', tierType: pack.name },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: string; client_secret: string; customer: string; amount: number }>();
}

async function pay(cookie: string, paymentIntentId: string, card: string, couponCode: string | null) {
  return t.app.inject({
    method: 'POST',
    url: '/api/payment/process_single',
    headers: { cookie },
    payload: { paymentIntentId, paymentMethodId: await t.card(card), couponCode },
  });
}

async function history(cookie: string, customer: string) {
  const response = await t.app.inject({
    url: `/api/payment/payment-history/${customer}`,
    headers: { cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: string; amount: number; status: string; description: string }[]>();
}

/** A buyer who has started a package purchase: their cookie, user id, intent and customer. */
async function buyer(name: string) {
  const { cookie, userId } = await t.signIn(`${name}-${unique().toLowerCase()}`);
  const intent = await startPurchase(cookie);
  return { cookie, userId, intent, customer: intent.customer };
}

const couponRefused = { code: 'INVALID_COUPON', message: expect.any(String) as string };

describe('the payment history says one word per state', () => {
  it('a package paid by a plain charge reads "paid", as a paid invoice does', async () => {
    const b = await buyer('plain-charge');
    expect((await pay(b.cookie, b.intent.id, CARDS.ok, null)).json()).toMatchObject({ status: 'succeeded' });
    const records = await history(b.cookie, b.customer);
    expect(records).toEqual([
      expect.objectContaining({ type: 'charge', status: 'paid', amount: pack.price }),
    ]);
  });
});

describe('a credit package bought with a coupon goes through a Stripe invoice', () => {
  it('charges the discounted amount once, counts the redemption, and shows one payment in the history', async () => {
    const coupon = await t.stripe.coupons.create({ percent_off: 25, duration: 'once', name: 'Quarter off' });
    const promo = await t.stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: coupon.id },
      code: `QUARTER${unique()}`,
    });
    const b = await buyer('coupon-buyer');
    const before = await credits(b.userId);
    const discounted = Math.round(pack.price * 0.75);

    const response = await pay(b.cookie, b.intent.id, CARDS.ok, promo.code.toLowerCase());
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    expect(result).toMatchObject({
      status: 'succeeded',
      amountPaid: discounted,
      discountName: 'Quarter off',
    });
    // The card paid the invoice's intent, not the package's own one.
    expect(result.sessionId).not.toBe(b.intent.id);
    const paidIntent = await t.stripe.paymentIntents.retrieve(result.sessionId as string);
    expect(paidIntent).toMatchObject({ status: 'succeeded', amount_received: discounted });
    expect((await t.stripe.paymentIntents.retrieve(b.intent.id)).status).toBe('requires_payment_method');
    expect((await t.stripe.promotionCodes.retrieve(promo.id)).times_redeemed).toBe(1);
    expect((await t.stripe.coupons.retrieve(coupon.id)).times_redeemed).toBe(1);
    expect(await credits(b.userId)).toBe(before + pack.credits);

    // Every other path that settles payments finds the grant made.
    await t.deliverEvents();
    await t.deliverEvents();
    const session = await t.app.inject({
      url: `/api/payment/session/${result.sessionId}`,
      headers: { cookie: b.cookie },
    });
    expect(session.json()).toMatchObject({ amount_total: discounted, metadata: { tierType: pack.name } });
    await reconcilePayments({ db: t.database.db, stripe: t.stripe });
    const retry = await pay(b.cookie, b.intent.id, CARDS.ok, promo.code);
    expect(retry.json()).toMatchObject({
      status: 'succeeded',
      sessionId: result.sessionId,
      amountPaid: discounted,
    });
    expect(await credits(b.userId)).toBe(before + pack.credits);
    expect(
      await ledgerEntriesByKey(t.database.db, `payment_intent:${result.sessionId}:credits`),
    ).toHaveLength(1);
    expect(await ledgerEntriesByKeyPattern(t.database.db, `payment_intent:${b.intent.id}:%`)).toHaveLength(0);
    expect((await t.stripe.promotionCodes.retrieve(promo.id)).times_redeemed).toBe(1);

    const records = await history(b.cookie, b.customer);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ amount: discounted, status: 'paid', description: pack.name });
  });

  it('max_redemptions: 1 — the second buyer is refused with plain words and nothing is charged', async () => {
    const coupon = await t.stripe.coupons.create({
      id: `ONCE${unique()}`,
      amount_off: 500,
      currency: 'usd',
      duration: 'once',
      max_redemptions: 1,
    });
    const first = await buyer('once-first');
    const second = await buyer('once-second');
    const paid = await pay(first.cookie, first.intent.id, CARDS.ok, coupon.id);
    expect(paid.json()).toMatchObject({ status: 'succeeded', amountPaid: pack.price - 500 });
    expect((await t.stripe.coupons.retrieve(coupon.id)).times_redeemed).toBe(1);

    const before = await credits(second.userId);
    const refused = await pay(second.cookie, second.intent.id, CARDS.ok, coupon.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject(couponRefused);
    expect(refused.body).not.toMatch(/stripe|redeemed the maximum/i);
    expect(await credits(second.userId)).toBe(before);
    expect(await history(second.cookie, second.customer)).toHaveLength(0);
    expect((await t.stripe.coupons.retrieve(coupon.id)).times_redeemed).toBe(1);
  });

  it('a promotion code used up at Stripe is refused', async () => {
    const coupon = await t.stripe.coupons.create({ percent_off: 10, duration: 'once' });
    const promo = await t.stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: coupon.id },
      code: `SINGLE${unique()}`,
      max_redemptions: 1,
    });
    const first = await buyer('promo-first');
    const second = await buyer('promo-second');
    expect((await pay(first.cookie, first.intent.id, CARDS.ok, promo.code)).json()).toMatchObject({
      status: 'succeeded',
    });
    const refused = await pay(second.cookie, second.intent.id, CARDS.ok, promo.code);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject(couponRefused);
    expect((await t.stripe.promotionCodes.retrieve(promo.id)).times_redeemed).toBe(1);
  });

  it('two buyers paying at once with a coupon limited to one: Stripe lets exactly one have it', async () => {
    const coupon = await t.stripe.coupons.create({ percent_off: 30, duration: 'once', max_redemptions: 1 });
    const buyers = await Promise.all([buyer('race-a'), buyer('race-b')]);
    const answers = await Promise.all(buyers.map((b) => pay(b.cookie, b.intent.id, CARDS.ok, coupon.id)));
    const paid = answers.filter((a) => a.statusCode === 200 && a.json().status === 'succeeded');
    const refused = answers.filter((a) => a.statusCode === 400);
    expect(paid).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.json().error).toMatchObject(couponRefused);
    expect((await t.stripe.coupons.retrieve(coupon.id)).times_redeemed).toBe(1);
  });

  it('a promotion code restricted to one customer is refused for another and works for its own', async () => {
    const owner = await buyer('promo-owner');
    const other = await buyer('promo-other');
    const coupon = await t.stripe.coupons.create({ percent_off: 50, duration: 'once' });
    const promo = await t.stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: coupon.id },
      code: `HALF${unique()}`,
      customer: owner.customer,
    });
    const before = await credits(other.userId);
    const refused = await pay(other.cookie, other.intent.id, CARDS.ok, promo.code);
    expect(refused.statusCode).toBe(400);
    // Stripe refused it when the invoice was made: its words stay in the log.
    expect(refused.json().error).toEqual({
      code: 'INVALID_COUPON',
      message: 'That coupon cannot be used for this purchase.',
    });
    expect(await credits(other.userId)).toBe(before);
    expect((await t.stripe.promotionCodes.retrieve(promo.id)).times_redeemed).toBe(0);

    const mine = await pay(owner.cookie, owner.intent.id, CARDS.ok, promo.code);
    expect(mine.json()).toMatchObject({
      status: 'succeeded',
      amountPaid: pack.price - Math.round(pack.price / 2),
    });
    expect((await t.stripe.promotionCodes.retrieve(promo.id)).times_redeemed).toBe(1);
  });

  it('a declined card keeps the same invoice: the retry pays it, the coupon is counted once', async () => {
    const coupon = await t.stripe.coupons.create({ percent_off: 20, duration: 'once', max_redemptions: 1 });
    const b = await buyer('coupon-declined');
    const before = await credits(b.userId);
    const declined = await pay(b.cookie, b.intent.id, CARDS.declined, coupon.id);
    expect(declined.statusCode, declined.body).toBe(200);
    const first = declined.json();
    expect(first).toMatchObject({
      status: 'requires_payment_method',
      error: expect.stringMatching(/declined/),
    });
    expect(first.client_secret).toMatch(/^pi_.+_secret_/);
    // Nothing owed or paid shows while the invoice waits for a card.
    expect(await history(b.cookie, b.customer)).toHaveLength(0);

    // The card form retries with the intent the answer gave it.
    const invoiceIntent = (first.client_secret as string).split('_secret_')[0]!;
    const paid = await pay(b.cookie, invoiceIntent, CARDS.ok, coupon.id);
    expect(paid.json()).toMatchObject({ status: 'succeeded', amountPaid: Math.round(pack.price * 0.8) });
    expect((await t.stripe.coupons.retrieve(coupon.id)).times_redeemed).toBe(1);
    expect(await credits(b.userId)).toBe(before + pack.credits);
    await t.deliverEvents();
    expect(await credits(b.userId)).toBe(before + pack.credits);
    expect(await history(b.cookie, b.customer)).toHaveLength(1);
  });

  it('dropping the coupon after a decline voids its invoice and charges the catalog price', async () => {
    const coupon = await t.stripe.coupons.create({ percent_off: 20, duration: 'once' });
    const b = await buyer('coupon-dropped');
    const declined = (await pay(b.cookie, b.intent.id, CARDS.declined, coupon.id)).json();
    const invoiceIntent = (declined.client_secret as string).split('_secret_')[0]!;
    const paid = await pay(b.cookie, invoiceIntent, CARDS.ok, null);
    expect(paid.json()).toMatchObject({
      status: 'succeeded',
      amountPaid: pack.price,
      sessionId: b.intent.id,
    });
    expect((await t.stripe.paymentIntents.retrieve(invoiceIntent)).status).toBe('canceled');
    const records = await history(b.cookie, b.customer);
    expect(records.map((r) => [r.amount, r.status])).toEqual([[pack.price, 'paid']]);
  });

  it('a coupon past its redeem_by date is refused', async () => {
    const coupon = await t.stripe.coupons.create({
      percent_off: 15,
      duration: 'once',
      redeem_by: t.emulator.now() + 60,
    });
    const b = await buyer('coupon-late');
    await t.emulator.advanceClock(120);
    const refused = await pay(b.cookie, b.intent.id, CARDS.ok, coupon.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject(couponRefused);
    expect((await t.stripe.coupons.retrieve(coupon.id)).times_redeemed).toBe(0);
  });
});
