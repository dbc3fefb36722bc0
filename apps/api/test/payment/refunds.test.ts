import { findGiftCode, findPayment, spend } from '@app/db';
import { ledgerEntriesByKeyPattern } from '@app/db/testing';
import { CREDIT_PACKAGES, GIFT_RECIPIENT_METADATA, findTier, priceOf } from '@app/domain';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyGift, redeem } from '../gifts/helpers.ts';
import { call, subscribe, userRow } from '../subscriptions/helpers.ts';
import { CARDS, createPaymentTestApp, deliver, type PaymentTestContext } from './helpers.ts';

/*
 * Money flowing back, through the official SDK against the emulator and signed webhooks: refunds
 * and disputes take back what their payment granted, once; a disputed or owed account starts no
 * new jobs until it is settled.
 */

let t: PaymentTestContext;
beforeAll(async () => {
  t = await createPaymentTestApp();
});
afterAll(() => t.close());

const pack = CREDIT_PACKAGES[0]!;
const DISPUTED_CARD = '4000000000000259';
const makeBody = { command: 'make', options: { prompt: 'a lighthouse in the fog' } };
const makePrice = priceOf('make', { prompt: 'a lighthouse in the fog' }).credits;

/** Buys the first credit package with the card form, as /checkout does; the payment intent's id. */
async function buyPackage(cookie: string, card: string = CARDS.ok): Promise<string> {
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/payment/create-payment-intent',
    headers: { cookie },
    payload: { purchaseType: 'Credits', tierType: pack.name },
  });
  expect(started.statusCode, started.body).toBe(200);
  const paid = await t.app.inject({
    method: 'POST',
    url: '/api/payment/process_single',
    headers: { cookie },
    payload: { paymentIntentId: started.json().id, paymentMethodId: await t.card(card) },
  });
  expect(paid.json().status, paid.body).toBe('succeeded');
  await t.deliverEvents();
  return started.json().id as string;
}

const credits = async (userId: string) => (await userRow(t, userId)).credits;
const submitJob = (cookie: string) =>
  t.app.inject({ method: 'POST', url: '/api/jobs', payload: makeBody, headers: { cookie } });

async function history(cookie: string, userId: string) {
  const customer = (await userRow(t, userId)).stripeCustomerId!;
  const answer = await call(t, cookie, 'GET', `/api/payment/payment-history/${customer}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ id: string; status: string; description: string; amount: number }[]>();
}

async function eventFor(type: string, objectId: string): Promise<Stripe.Event> {
  for await (const event of t.stripe.events.list({ type, limit: 100 })) {
    if ((event.data.object as { id: string }).id === objectId) return event;
  }
  throw new Error(`no ${type} for ${objectId}`);
}

async function closeDispute(intentId: string, status: 'won' | 'lost') {
  const [dispute] = (await t.stripe.disputes.list({ payment_intent: intentId })).data;
  const answer = await fetch(`${t.emulator.url}/_emulator/disputes/close`, {
    method: 'POST',
    headers: { authorization: `Bearer ${t.emulator.secretKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ dispute: dispute!.id, status }),
  });
  expect(answer.status, await answer.clone().text()).toBe(200);
  await t.deliverEvents();
  return dispute!;
}

describe('a refunded credit package', () => {
  it('a full refund takes its credits back once; a duplicate charge.refunded changes nothing', async () => {
    const who = await t.signIn('refund-full');
    const start = await credits(who.userId);
    const intentId = await buyPackage(who.cookie);
    expect(await credits(who.userId)).toBe(start + pack.credits);
    const recorded = await findPayment(t.database.db, intentId);
    expect(recorded).toMatchObject({
      kind: 'creditPackage',
      product: pack.name,
      amountCents: pack.price,
      creditsGranted: pack.credits,
      refundedCents: 0,
    });

    const refund = await t.stripe.refunds.create({ payment_intent: intentId });
    await t.deliverEvents();
    expect(await credits(who.userId)).toBe(start);
    expect(await findPayment(t.database.db, intentId)).toMatchObject({ refundedCents: pack.price });
    const taken = await ledgerEntriesByKeyPattern(t.database.db, `clawback:refund:${refund.id}:%`);
    expect(taken.map((row) => [row.delta, row.reason])).toEqual([[-pack.credits, `refunded: ${pack.name}`]]);

    // Stripe delivering the same event again, and a second event for the same refund.
    const event = await eventFor('charge.refunded', recorded!.chargeId!);
    expect((await deliver(t.app, t.billing, JSON.stringify(event))).json().outcome).toBe('duplicate');
    const copy = await deliver(t.app, t.billing, JSON.stringify({ ...event, id: `${event.id}x` }));
    expect(copy.json().outcome).toBe('handled');
    expect(await credits(who.userId)).toBe(start);
    expect(await ledgerEntriesByKeyPattern(t.database.db, `clawback:refund:${refund.id}:%`)).toHaveLength(1);

    const rows = await history(who.cookie, who.userId);
    expect(rows.find((row) => row.id === recorded!.chargeId)).toMatchObject({
      status: 'refunded',
      description: pack.name,
    });
  });

  it('partial refunds take back pro rata, adding up to the whole package', async () => {
    const who = await t.signIn('refund-partial');
    const start = await credits(who.userId);
    const intentId = await buyPackage(who.cookie);

    await t.stripe.refunds.create({ payment_intent: intentId, amount: 200 });
    await t.deliverEvents();
    const firstShare = Math.floor((pack.credits * 200) / pack.price);
    expect(await credits(who.userId)).toBe(start + pack.credits - firstShare);
    const chargeId = (await findPayment(t.database.db, intentId))!.chargeId!;
    expect((await history(who.cookie, who.userId)).find((row) => row.id === chargeId)).toMatchObject({
      status: 'partly refunded',
      refunded: 200,
    });

    await t.stripe.refunds.create({ payment_intent: intentId, amount: 100 });
    await t.deliverEvents();
    expect(await credits(who.userId)).toBe(
      start + pack.credits - Math.floor((pack.credits * 300) / pack.price),
    );

    await t.stripe.refunds.create({ payment_intent: intentId });
    await t.deliverEvents();
    expect(await credits(who.userId)).toBe(start);
    expect(await findPayment(t.database.db, intentId)).toMatchObject({ refundedCents: pack.price });
  });

  it('credits already spent leave the balance below zero: new jobs wait, and a top-up settles it', async () => {
    const who = await t.signIn('refund-owed');
    const intentId = await buyPackage(who.cookie);
    const held = await credits(who.userId);
    // The credits are used up, all but a few.
    await spend(t.database.db, {
      userId: who.userId,
      currency: 'credits',
      amount: held - 5,
      reason: 'test: jobs',
      idempotencyKey: `test-spend:${who.userId}`,
    });
    await t.stripe.refunds.create({ payment_intent: intentId });
    await t.deliverEvents();
    expect(await credits(who.userId)).toBe(5 - pack.credits);

    const refused = await submitJob(who.cookie);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error).toMatchObject({
      code: 'BALANCE_OWED',
      message: `New jobs are paused because your balance is below zero: you owe ${pack.credits - 5} credits, taken back when a payment was refunded or charged back after they were used. Buy a credit package to settle it; new jobs start again once your balance is zero or more.`,
    });

    await buyPackage(who.cookie);
    expect(await credits(who.userId)).toBe(5);
    const after = await submitJob(who.cookie);
    if (makePrice <= 5) expect(after.statusCode, after.body).toBeLessThan(300);
    else expect(after.json().error.code).toBe('INSUFFICIENT_CREDITS');
  });
});

describe('a disputed payment (4000 0000 0000 0259)', () => {
  it('pauses new jobs while open; lost takes the credits back', async () => {
    const who = await t.signIn('dispute-lost');
    const start = await credits(who.userId);
    const intentId = await buyPackage(who.cookie, DISPUTED_CARD);
    expect(await credits(who.userId)).toBe(start + pack.credits);
    expect(await findPayment(t.database.db, intentId)).toMatchObject({
      disputeStatus: 'open',
      disputedCents: pack.price,
      disputeFeeCents: 1500,
    });
    const paused = await submitJob(who.cookie);
    expect(paused.statusCode).toBe(403);
    expect(paused.json().error.code).toBe('PAYMENT_DISPUTED');
    expect(paused.json().error.message).toMatch(/disputed with your bank/);
    const chargeId = (await findPayment(t.database.db, intentId))!.chargeId!;
    expect((await history(who.cookie, who.userId)).find((row) => row.id === chargeId)?.status).toBe(
      'disputed',
    );

    const dispute = await closeDispute(intentId, 'lost');
    expect(await credits(who.userId)).toBe(start);
    expect(await findPayment(t.database.db, intentId)).toMatchObject({ disputeStatus: 'lost' });
    const taken = await ledgerEntriesByKeyPattern(t.database.db, `clawback:dispute:${dispute.id}:%`);
    expect(taken.map((row) => [row.delta, row.reason])).toEqual([
      [-pack.credits, `charged back: ${pack.name}`],
    ]);
    expect((await history(who.cookie, who.userId)).find((row) => row.id === chargeId)?.status).toBe(
      'disputed',
    );
    // Decided: no longer paused (the balance is what it was before the purchase).
    expect((await submitJob(who.cookie)).json().error?.code).not.toBe('PAYMENT_DISPUTED');
  });

  it('won restores: jobs start again and the credits stay', async () => {
    const who = await t.signIn('dispute-won');
    const start = await credits(who.userId);
    const intentId = await buyPackage(who.cookie, DISPUTED_CARD);
    expect((await submitJob(who.cookie)).json().error.code).toBe('PAYMENT_DISPUTED');

    await closeDispute(intentId, 'won');
    expect(await findPayment(t.database.db, intentId)).toMatchObject({ disputeStatus: 'won' });
    expect(await credits(who.userId)).toBe(start + pack.credits);
    const started = await submitJob(who.cookie);
    expect(started.statusCode, started.body).toBeLessThan(300);
    const chargeId = (await findPayment(t.database.db, intentId))!.chargeId!;
    expect((await history(who.cookie, who.userId)).find((row) => row.id === chargeId)?.status).toBe('paid');
  });
});

describe('a refunded gift', () => {
  async function giftPayment(sessionId: string) {
    const session = await t.stripe.checkout.sessions.retrieve(sessionId);
    return session.payment_intent as string;
  }

  it('refunded before redemption, its code cannot be redeemed', async () => {
    const buyer = await t.signIn('gift-refund-buyer');
    const sessionId = await buyGift(t, buyer.cookie, 'Professional Plan');
    await t.deliverEvents();
    const receipt = await call(t, buyer.cookie, 'GET', `/api/payment/session/${sessionId}`);
    const code = receipt.json().giftCode as string;
    const intentId = await giftPayment(sessionId);
    expect(await findPayment(t.database.db, intentId)).toMatchObject({
      kind: 'gift',
      product: 'Professional Plan',
    });

    await t.stripe.refunds.create({ payment_intent: intentId });
    await t.deliverEvents();
    expect((await findGiftCode(t.database.db, code))?.voidedAt).toBeInstanceOf(Date);

    const friend = await t.signIn('gift-refund-friend');
    const refused = await redeem(t, friend.cookie, { giftCode: code });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('GIFT_CODE_REFUNDED');
    expect((await userRow(t, friend.userId)).subscriptionStatus).toBe('free');
    const list = await call(t, buyer.cookie, 'POST', '/api/payment/get_gift_code_list', {});
    expect(list.json().codes).toMatchObject([{ code, valid: false }]);
    expect((await history(buyer.cookie, buyer.userId))[0]).toMatchObject({
      status: 'refunded',
      description: 'Gift: Professional Plan',
    });
  });

  it('refunded after redemption with the choice to take it back, the recipient’s plan ends and its credits are taken back', async () => {
    const buyer = await t.signIn('gift-late-buyer');
    const sessionId = await buyGift(t, buyer.cookie, 'Professional Plan');
    const code = (await call(t, buyer.cookie, 'GET', `/api/payment/session/${sessionId}`)).json().giftCode;
    const friend = await t.signIn('gift-late-friend');
    const before = await userRow(t, friend.userId);
    expect((await redeem(t, friend.cookie, { giftCode: code })).statusCode).toBe(200);
    await t.deliverEvents();
    const tier = findTier('Professional Plan')!;
    expect(await userRow(t, friend.userId)).toMatchObject({
      subscriptionStatus: 'Professional Plan',
      credits: before.credits + tier.credits,
    });

    await t.stripe.refunds.create({
      payment_intent: await giftPayment(sessionId),
      metadata: { [GIFT_RECIPIENT_METADATA]: 'take_back' },
    });
    await t.deliverEvents();
    const after = await userRow(t, friend.userId);
    expect(after).toMatchObject({
      subscriptionStatus: 'free',
      credits: before.credits,
      hypercredits: before.hypercredits,
    });
    const subscriptionId = (await findGiftCode(t.database.db, code))!.subscriptionId!;
    expect((await t.stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
  });
});

describe('a refunded plan payment', () => {
  it('takes back the period’s credits and ends the plan', async () => {
    const subscriber = await subscribe(t, 'refund-plan', 'Professional Plan');
    await t.deliverEvents();
    const tier = findTier('Professional Plan')!;
    const subscription = await t.stripe.subscriptions.retrieve(subscriber.subscriptionId, {
      expand: ['latest_invoice.payments'],
    });
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    const recorded = await findPayment(t.database.db, invoice.id);
    expect(recorded).toMatchObject({ kind: 'plan', product: tier.tier, creditsGranted: tier.credits });
    const paid = await userRow(t, subscriber.userId);
    expect(paid.subscriptionStatus).toBe('Professional Plan');

    const intentId = invoice.payments!.data[0]!.payment.payment_intent as string;
    await t.stripe.refunds.create({ payment_intent: intentId });
    await t.deliverEvents();
    expect(await userRow(t, subscriber.userId)).toMatchObject({
      subscriptionStatus: 'free',
      credits: paid.credits - tier.credits,
      hypercredits: paid.hypercredits - tier.hypercredits,
    });
    expect((await t.stripe.subscriptions.retrieve(subscriber.subscriptionId)).status).toBe('canceled');
  });
});
