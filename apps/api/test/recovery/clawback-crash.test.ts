import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  claimGiftCode,
  createUser,
  findGiftCodeBySource,
  findPayment,
  findUserById,
  listGiftRefundDecisions,
} from '@app/db';
import {
  type TestDatabase,
  ageWebhookClaim,
  createTestDatabase,
  holdPaymentRow,
  ledgerEntriesByKeyPattern,
  webhookEventRow,
} from '@app/db/testing';
import { CREDIT_PACKAGES, GIFT_RECIPIENT_METADATA, findTier } from '@app/domain';
import { type Emulator, startEmulator } from '@app/stripe-emulator';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeSdk } from '../../src/modules/billing/stripe-client.ts';
import { syncCatalog } from '../../src/modules/catalog/sync-catalog.ts';
import { ensureCustomer } from '../../src/modules/customers/ensure-customer.ts';
import { createGiftedSubscription } from '../../src/modules/gifts/complete-gift-redemption.ts';
import { createCheckoutSession } from '../../src/modules/payments/create-checkout-session.ts';
import { settleCheckoutSession, settlePaymentIntent } from '../../src/modules/settlement/settle-paid.ts';
import {
  handleWebhookEvent,
  WEBHOOK_CLAIM_LEASE_SECONDS,
} from '../../src/modules/webhooks/handle-webhook-event.ts';
import { exited, startServer } from './server-process.ts';

/*
 * kill -9 of the API in the middle of a refund's or a dispute's webhook, then a restart and Stripe's
 * redelivery: what the payment granted is taken back exactly once. The dying server is stopped at
 * one exact point, after it took the credits back and before it recorded the refund or dispute on
 * the payment, by a lock the test holds on that payment's row. Needs real PostgreSQL (the server is
 * a separate process sharing the database).
 */
const pack = CREDIT_PACKAGES[0]!;

describe.skipIf(!process.env.TEST_DATABASE_URL)('a crash in the middle of a clawback', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'clawback-crash-'));
  let database: TestDatabase;
  let emulator: Emulator;
  let stripe: Stripe;
  let env: Record<string, string>;

  beforeAll(async () => {
    emulator = await startEmulator();
    stripe = createStripeSdk(emulator.secretKey, emulator.url);
    await syncCatalog({ stripe });
    database = await createTestDatabase();
    env = {
      DATABASE_URL: database.url!,
      DATA_DIR: dataDir,
      RECONCILE_INTERVAL_SECONDS: '0',
      STRIPE_SECRET_KEY: emulator.secretKey,
      STRIPE_PUBLISHABLE_KEY: emulator.publishableKey,
      STRIPE_WEBHOOK_SECRET: emulator.webhookSecret,
      STRIPE_API_URL: new URL(emulator.url).origin,
    };
  });
  afterAll(async () => {
    await database?.close();
    await emulator?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const ctx = () => ({ db: database.db, stripe });

  async function customer(name: string) {
    const user = await createUser(database.db, { discordName: `${name}-${Date.now()}` });
    const id = await ensureCustomer({ db: database.db, stripe, user });
    return { user: (await findUserById(database.db, user.id))!, customer: id };
  }

  async function paidPackage(name: string, card: string) {
    const { user, customer: id } = await customer(name);
    const method = await stripe.paymentMethods.create({
      type: 'card',
      card: { number: card, exp_month: 12, exp_year: 2040, cvc: '123' },
    });
    const intent = await stripe.paymentIntents.create({
      amount: pack.price,
      currency: 'usd',
      customer: id,
      payment_method: method.id,
      confirm: true,
      metadata: { payment_type: 'Credits', tierType: pack.name, userId: user.id },
    });
    await settlePaymentIntent(ctx(), intent);
    return { user, intent };
  }

  async function eventFor(type: string, objectId: string): Promise<Stripe.Event> {
    for await (const event of stripe.events.list({ type, limit: 100 })) {
      if ((event.data.object as { id: string }).id === objectId) return event;
    }
    throw new Error(`no ${type} for ${objectId}`);
  }

  const post = (base: string, event: Stripe.Event) => {
    const payload = JSON.stringify(event);
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: emulator.webhookSecret });
    return fetch(`${base}/api/payment/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
  };

  const waitFor = async (what: string, check: () => Promise<boolean>) => {
    const deadline = Date.now() + 60_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  /**
   * Delivers `event` to a running server, holds the payment's row so the server stops right after
   * taking `key`'s credits back, kills it there, then restarts and lets the redelivery finish.
   */
  async function crashMidWebhook(event: Stripe.Event, paymentId: string, key: string) {
    const first = startServer(env);
    const base = await first.url;
    let release!: () => void;
    const lock = holdPaymentRow(database.db, paymentId, new Promise<void>((resolve) => (release = resolve)));
    await lock.held;
    const unchanged = await findPayment(database.db, paymentId);
    const delivery = post(base, event).catch(() => undefined);
    await waitFor(
      'the clawback',
      async () => (await ledgerEntriesByKeyPattern(database.db, `${key}:%`)).length > 0,
    );
    first.child.kill('SIGKILL');
    await exited(first.child);
    release();
    await lock.done;
    await delivery;
    // Killed between the two: the credits taken back, the delivery not finished. (The payment's
    // own update may already have been on its way to PostgreSQL, which then completes it once the
    // row is free: the redelivery below must come out the same either way.)
    const after = await findPayment(database.db, paymentId);
    expect(after?.creditsGranted).toBe(unchanged?.creditsGranted);
    expect((await webhookEventRow(database.db, event.id))!.status).not.toBe('done');

    // Stripe redelivers; once the dead delivery's lease has passed, a restarted server takes it over.
    await ageWebhookClaim(database.db, event.id, WEBHOOK_CLAIM_LEASE_SECONDS + 1);
    const second = startServer(env);
    try {
      const again = await second.url;
      const answer = await post(again, event);
      expect(answer.status, await answer.clone().text()).toBe(200);
      expect(((await answer.json()) as { outcome: string }).outcome).toBe('handled');
      expect(((await (await post(again, event)).json()) as { outcome: string }).outcome).toBe('duplicate');
    } finally {
      second.child.kill('SIGKILL');
      await exited(second.child);
    }
  }

  it('a full refund: taken back once, recorded on the payment', { timeout: 180_000 }, async () => {
    const { user, intent } = await paidPackage('crash-refund', '4242424242424242');
    const granted = (await findUserById(database.db, user.id))!.credits;
    const refund = await stripe.refunds.create({ payment_intent: intent.id });
    const event = await eventFor('charge.refunded', intent.latest_charge as string);
    await crashMidWebhook(event, intent.id, `clawback:refund:${refund.id}`);
    expect(await ledgerEntriesByKeyPattern(database.db, `clawback:refund:${refund.id}:%`)).toHaveLength(1);
    expect((await findUserById(database.db, user.id))!.credits).toBe(granted - pack.credits);
    expect(await findPayment(database.db, intent.id)).toMatchObject({ refundedCents: pack.price });
  });

  it('a lost dispute: taken back once, the dispute recorded as lost', { timeout: 180_000 }, async () => {
    const { user, intent } = await paidPackage('crash-dispute', '4000000000000259');
    const [dispute] = (await stripe.disputes.list({ payment_intent: intent.id })).data;
    await handleWebhookEvent(ctx(), await eventFor('charge.dispute.created', dispute!.id));
    expect(await findPayment(database.db, intent.id)).toMatchObject({ disputeStatus: 'open' });
    const granted = (await findUserById(database.db, user.id))!.credits;
    const closed = await fetch(`${emulator.url}/_emulator/disputes/close`, {
      method: 'POST',
      headers: { authorization: `Bearer ${emulator.secretKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ dispute: dispute!.id, status: 'lost' }),
    });
    expect(closed.status).toBe(200);
    const event = await eventFor('charge.dispute.closed', dispute!.id);
    await crashMidWebhook(event, intent.id, `clawback:dispute:${dispute!.id}`);
    expect(await ledgerEntriesByKeyPattern(database.db, `clawback:dispute:${dispute!.id}:%`)).toHaveLength(1);
    expect((await findUserById(database.db, user.id))!.credits).toBe(granted - pack.credits);
    expect(await findPayment(database.db, intent.id)).toMatchObject({ disputeStatus: 'lost' });
  });

  it(
    'a gift refunded after redemption, taken back: its credits taken back once and the gifted plan ended',
    { timeout: 180_000 },
    async () => {
      const buyer = await customer('crash-gift-buyer');
      const url = await createCheckoutSession({
        db: database.db,
        stripe,
        user: buyer.user,
        form: { purchaseType: 'Gift', tierType: 'Professional Plan', recurringType: 'Monthly' },
        origin: 'http://127.0.0.1',
      });
      const paid = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          email: 'gift-buyer@example.com',
          name: 'Gift Buyer',
          card_number: '4242 4242 4242 4242',
          card_expiry: '12 / 40',
          card_cvc: '123',
        }).toString(),
        redirect: 'manual',
      });
      expect(paid.status).toBe(303);
      const sessionId = new URL(paid.headers.get('location')!).searchParams.get('session_id')!;
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      await settleCheckoutSession(ctx(), session);
      const code = (await findGiftCodeBySource(database.db, sessionId))!;

      const friend = await customer('crash-gift-friend');
      const claimed = (await claimGiftCode(database.db, code.code, friend.user.id))!;
      const subscription = await createGiftedSubscription({
        db: database.db,
        stripe,
        target: friend.user,
        claimed,
      });
      const tier = findTier('Professional Plan')!;
      const redeemed = (await findUserById(database.db, friend.user.id))!;
      expect(redeemed.subscriptionStatus).toBe('Professional Plan');

      const intentId = session.payment_intent as string;
      // The operator chose to take the gift back from its recipient (decided once, kept across the crash).
      const refund = await stripe.refunds.create({
        payment_intent: intentId,
        metadata: { [GIFT_RECIPIENT_METADATA]: 'take_back' },
      });
      const charge = (await stripe.paymentIntents.retrieve(intentId)).latest_charge as string;
      const event = await eventFor('charge.refunded', charge);
      await crashMidWebhook(event, intentId, `clawback:refund:${refund.id}`);
      expect(await ledgerEntriesByKeyPattern(database.db, `clawback:refund:${refund.id}:%`)).toHaveLength(2);
      expect(await findUserById(database.db, friend.user.id)).toMatchObject({
        subscriptionStatus: 'free',
        credits: redeemed.credits - tier.credits,
        hypercredits: redeemed.hypercredits - tier.hypercredits,
      });
      expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('canceled');
      expect((await listGiftRefundDecisions(database.db, code.id)).map((row) => row.decision)).toEqual([
        'taken',
      ]);
    },
  );
});
