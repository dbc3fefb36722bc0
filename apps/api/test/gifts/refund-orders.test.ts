import { findGiftCode, listGiftRefundDecisions } from '@app/db';
import { ledgerEntriesByKeyPattern } from '@app/db/testing';
import { GIFT_RECIPIENT_METADATA, type GiftRecipientChoice, findTier } from '@app/domain';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discordNotifier } from '../../src/modules/discord/direct-message.ts';
import { reconcilePayments } from '../../src/modules/reconcile/reconcile-payments.ts';
import { answerAgeAsAdult } from '../helpers.ts';
import { createPaymentTestApp, deliver, type PaymentTestContext } from '../payment/helpers.ts';
import { call, userRow } from '../subscriptions/helpers.ts';
import { buyGift, redeem } from './helpers.ts';

/*
 * A gift's refund is decided once, on its buyer, when it is first handled: before redemption a full
 * refund voids the code and a partial one leaves it whole (its recipient is never charged for it);
 * after redemption the recipient keeps the gift unless the refund carries the operator's choice to
 * take it back, and that choice lands the same whatever the order of the webhook, its redeliveries
 * and the reconciler. A recipient charged for it is told why, once.
 */

let t: PaymentTestContext;
beforeAll(async () => {
  t = await createPaymentTestApp({ discord: true });
});
afterAll(() => t.close());

const tier = findTier('Professional Plan')!;
type Step = 'deliver' | 'redeliver' | 'reconcile';
const STEPS: Step[] = ['deliver', 'redeliver', 'reconcile'];
const ORDERS: Step[][] = STEPS.flatMap((a) =>
  STEPS.filter((b) => b !== a).flatMap((b) => [[a, b, STEPS.find((c) => c !== a && c !== b)!]]),
);

let serial = 0;
/** Signs a fresh user in from an address of their own (sign-ins are limited per address). */
async function signIn(name: string) {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/auth/local',
    payload: { discordName: name },
    remoteAddress: `10.50.${Math.floor(serial / 200)}.${serial % 200}`,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const userId: string = answer.json().user_id;
  await answerAgeAsAdult(t.database.db, userId);
  return { cookie: `sid=${answer.cookies.find((c) => c.name === 'sid')!.value}`, userId };
}

/** A gift bought by a fresh buyer (checkouts are limited per person), and a fresh recipient known to Discord. */
async function aGift() {
  const n = ++serial;
  const buyer = await signIn(`order-buyer-${n}`);
  const friend = await signIn(`order-friend-${n}`);
  const discordId = await t.discord!.addUser(friend.userId);
  const sessionId = await buyGift(t, buyer.cookie, tier.tier);
  await t.deliverEvents();
  const code = (await call(t, buyer.cookie, 'GET', `/api/payment/session/${sessionId}`)).json()
    .giftCode as string;
  const session = await t.stripe.checkout.sessions.retrieve(sessionId);
  const intentId = session.payment_intent as string;
  const charge = (await t.stripe.paymentIntents.retrieve(intentId)).latest_charge as string;
  return { friend, discordId, code, intentId, charge };
}

async function step(which: Step, charge: string) {
  if (which === 'deliver') return t.deliverEvents();
  if (which === 'reconcile') {
    const report = await reconcilePayments({
      db: t.database.db,
      stripe: t.stripe,
      notifier: discordNotifier(t.app.discordBot),
    });
    expect(report.failures).toBe(0);
    return;
  }
  // Stripe sending charge.refunded again as a new event: the handler runs once more.
  for await (const event of t.stripe.events.list({ type: 'charge.refunded', limit: 100 })) {
    if ((event.data.object as Stripe.Charge).id !== charge) continue;
    const copy = { ...event, id: `${event.id}_again_${++serial}` };
    const answer = await deliver(t.app, t.billing, JSON.stringify(copy));
    expect(answer.statusCode, answer.body).toBe(200);
    return;
  }
  throw new Error(`no charge.refunded for ${charge}`);
}

const refundOf = (intentId: string, amount: number | undefined, choice: GiftRecipientChoice) =>
  t.stripe.refunds.create({
    payment_intent: intentId,
    ...(amount ? { amount } : {}),
    metadata: { [GIFT_RECIPIENT_METADATA]: choice },
  });

describe('a gift refunded after its redemption', () => {
  for (const choice of ['keep', 'take_back'] as const) {
    for (const part of ['full', 'partial'] as const) {
      for (const order of ORDERS) {
        it(`${choice}, ${part} refund, handled by ${order.join(' → ')}`, async () => {
          const g = await aGift();
          const before = await userRow(t, g.friend.userId);
          expect((await redeem(t, g.friend.cookie, { giftCode: g.code })).statusCode).toBe(200);
          await t.deliverEvents();
          const redeemed = await userRow(t, g.friend.userId);
          expect(redeemed.credits).toBe(before.credits + tier.credits);
          const amount = (await t.stripe.charges.retrieve(g.charge)).amount;

          const refund = await refundOf(g.intentId, part === 'partial' ? 500 : undefined, choice);
          for (const which of order) await step(which, g.charge);

          const after = await userRow(t, g.friend.userId);
          const taken = await ledgerEntriesByKeyPattern(t.database.db, `clawback:refund:${refund.id}:%`);
          const dms = await t.discord!.dms(g.discordId);
          const subscriptionId = (await findGiftCode(t.database.db, g.code))!.subscriptionId!;
          const status = (await t.stripe.subscriptions.retrieve(subscriptionId)).status;
          if (choice === 'keep') {
            expect(after).toMatchObject({ credits: redeemed.credits, hypercredits: redeemed.hypercredits });
            expect(after.subscriptionStatus).toBe(tier.tier);
            expect(taken).toEqual([]);
            expect(dms).toEqual([]);
            expect(status).not.toBe('canceled');
          } else {
            const credits = part === 'full' ? tier.credits : Math.floor((tier.credits * 500) / amount);
            expect(after.credits).toBe(redeemed.credits - credits);
            expect(taken.filter((row) => row.currency === 'credits').map((row) => row.delta)).toEqual([
              -credits,
            ]);
            expect(dms).toHaveLength(1);
            expect(dms[0]!.content).toContain('refunded to the person who bought it');
            expect(dms[0]!.content).toContain(`${credits.toLocaleString('en-US')} credits`);
            if (part === 'full') {
              expect(after.subscriptionStatus).toBe('free');
              expect(status).toBe('canceled');
              expect(dms[0]!.content).toContain(`the ${tier.tier} it gave you has ended`);
            } else {
              expect(after.subscriptionStatus).toBe(tier.tier);
              expect(status).not.toBe('canceled');
            }
          }
          const codeId = (await findGiftCode(t.database.db, g.code))!.id;
          const decided = await listGiftRefundDecisions(t.database.db, codeId);
          expect(decided.map((row) => row.decision)).toEqual([choice === 'keep' ? 'kept' : 'taken']);
        });
      }
    }
  }
});

describe('a gift refunded before its redemption', () => {
  for (const first of ['deliver', 'reconcile'] as const) {
    for (const choice of ['keep', 'take_back'] as const) {
      it(`a partial refund (${choice}) handled by ${first} leaves the code whole; nothing is taken later`, async () => {
        const g = await aGift();
        const refund = await refundOf(g.intentId, 500, choice);
        await step(first, g.charge);
        const before = await userRow(t, g.friend.userId);
        expect((await redeem(t, g.friend.cookie, { giftCode: g.code })).statusCode).toBe(200);
        for (const which of STEPS) await step(which, g.charge);
        expect(await userRow(t, g.friend.userId)).toMatchObject({
          subscriptionStatus: tier.tier,
          credits: before.credits + tier.credits,
          hypercredits: before.hypercredits + tier.hypercredits,
        });
        expect(await ledgerEntriesByKeyPattern(t.database.db, `clawback:refund:${refund.id}:%`)).toEqual([]);
        expect(await t.discord!.dms(g.discordId)).toEqual([]);
      });
    }

    it(`a full refund handled by ${first} voids the code: its redemption is refused`, async () => {
      const g = await aGift();
      await refundOf(g.intentId, undefined, 'take_back');
      await step(first, g.charge);
      const refused = await redeem(t, g.friend.cookie, { giftCode: g.code });
      expect(refused.json().error?.code).toBe('GIFT_CODE_REFUNDED');
      for (const which of STEPS) await step(which, g.charge);
      expect((await userRow(t, g.friend.userId)).subscriptionStatus).toBe('free');
      expect((await findGiftCode(t.database.db, g.code))?.voidedAt).toBeInstanceOf(Date);
    });
  }

  it('a partial refund made before the redemption but first handled after it is the operator’s choice', async () => {
    const g = await aGift();
    await refundOf(g.intentId, 500, 'keep');
    const before = await userRow(t, g.friend.userId);
    expect((await redeem(t, g.friend.cookie, { giftCode: g.code })).statusCode).toBe(200);
    for (const which of STEPS) await step(which, g.charge);
    expect((await userRow(t, g.friend.userId)).credits).toBe(before.credits + tier.credits);
  });
});
