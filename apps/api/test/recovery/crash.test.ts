import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findGiftCode, insertGiftCode } from '@app/db';
import {
  type TestDatabase,
  createTestDatabase,
  ledgerEntriesByKeyPattern,
  ledgerEntriesOf,
  usersByIds,
} from '@app/db/testing';
import { CREDIT_PACKAGES } from '@app/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { generateGiftCode } from '../../src/modules/gifts/generate-gift-code.ts';
import { createStripeSdk } from '../../src/modules/billing/stripe-client.ts';
import { exited, form, json, request, startServer } from './server-process.ts';

/*
 * kill -9 of the API during purchases and redemptions, then a restart: whatever Stripe holds as
 * paid is granted exactly once, and every claimed gift code has its subscription. Needs real
 * PostgreSQL (the server is a separate process sharing the database).
 */
const BUYERS = 10;
const PURCHASES_PER_BUYER = 5; // 3 by card, 2 by hosted checkout
const REDEEMERS = 30;
const pack = CREDIT_PACKAGES[0]!;

describe.skipIf(!process.env.TEST_DATABASE_URL)('a crash during purchases', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'crash-test-'));
  let database: TestDatabase | undefined;
  afterAll(async () => {
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('loses nothing and grants nothing twice after kill -9 and a restart', async () => {
    database = await createTestDatabase();
    const env = {
      DATABASE_URL: database.url!,
      DATA_DIR: dataDir,
      RECONCILE_INTERVAL_SECONDS: process.env.CRASH_RECONCILE ?? '5',
    };
    const first = startServer(env);
    const started = Date.now();
    const phase = (name: string) => console.info(`${name}: ${Date.now() - started} ms`);
    const base = await first.url;
    phase('server up');
    const config = JSON.parse((await request(`${base}/api/payment/config`, { from: '127.0.0.1' })).body);

    const signIn = async (name: string, from: string) => {
      const answer = await request(`${base}/api/auth/local`, {
        method: 'POST',
        from,
        ...json({ discordName: name }),
      });
      expect(answer.status, answer.body).toBe(200);
      const cookie = /sid=[^;]+/.exec(String(answer.headers['set-cookie']))![0];
      return { cookie, userId: JSON.parse(answer.body).user_id as string, from };
    };
    const buyers = await Promise.all(
      Array.from({ length: BUYERS }, (_, i) => signIn(`crash-buyer-${i}`, `127.0.1.${i + 1}`)),
    );
    const redeemers = await Promise.all(
      Array.from({ length: REDEEMERS }, (_, i) => signIn(`crash-redeemer-${i}`, `127.0.2.${i + 1}`)),
    );
    const codes: string[] = [];
    for (let i = 0; i < REDEEMERS; i++) {
      const row = await insertGiftCode(database.db, { code: generateGiftCode(), tier: 'Professional Plan' });
      codes.push(row!.code);
    }

    type Client = (typeof buyers)[number];
    const call = (who: Client, route: string, body: unknown) =>
      request(`${base}/api/payment/${route}`, { method: 'POST', from: who.from, ...json(body, who.cookie) });
    const cardPurchase = async (who: Client) => {
      const intent = JSON.parse(
        (await call(who, 'create-payment-intent', { purchaseType: 'Credits', tierType: pack.name })).body,
      );
      const method = await request(`${config.emulatorUrl}/v1/payment_methods`, {
        method: 'POST',
        from: who.from,
        ...form({
          type: 'card',
          'card[number]': '4242424242424242',
          'card[exp_month]': '12',
          'card[exp_year]': '2040',
          'card[cvc]': '123',
        }),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Bearer ${config.publishableKey}`,
        },
      });
      await call(who, 'process_single', {
        paymentIntentId: intent.id,
        paymentMethodId: JSON.parse(method.body).id,
      });
    };
    const hostedPurchase = async (who: Client) => {
      const started = await request(`${base}/api/payment/create-checkout-session`, {
        method: 'POST',
        from: who.from,
        ...form({ purchaseType: 'Credits', tierType: pack.name }, who.cookie),
      });
      await request(String(started.headers.location), {
        method: 'POST',
        from: who.from,
        ...form({
          email: 'buyer@example.com',
          name: 'Buyer',
          card_number: '4242424242424242',
          card_expiry: '12 / 34',
          card_cvc: '123',
        }),
      });
    };

    // Everything at once; the process dies once a third of the work has answered.
    let finished = 0;
    const work = [
      ...buyers.flatMap((who) =>
        Array.from(
          { length: PURCHASES_PER_BUYER },
          (_, i) => () => (i < 3 ? cardPurchase(who) : hostedPurchase(who)),
        ),
      ),
      ...redeemers.map(
        (who, i) => () => call(who, 'redeem-gift-code', { giftCode: codes[i] }).then(() => undefined),
      ),
    ];
    const killed = new Promise<void>((resolve) => {
      const settle = () => {
        finished++;
        if (finished === Math.floor(work.length / 3)) resolve();
      };
      for (const job of work) void job().then(settle, settle);
    });
    phase('work started');
    await killed;
    const killedAt = Date.now();
    first.child.kill('SIGKILL');
    await exited(first.child);

    const second = startServer(env);
    try {
      const again = await second.url;
      phase('restarted');
      const restarted = JSON.parse(
        (await request(`${again}/api/payment/config`, { from: '127.0.0.1' })).body,
      );
      const state = JSON.parse(readFileSync(path.join(dataDir, 'stripe', 'state.json'), 'utf8'));
      const stripe = createStripeSdk(state.keys.secret, restarted.emulatorUrl);

      const check = async () => {
        const paid = (
          await stripe.paymentIntents.list({ limit: 100 }).autoPagingToArray({ limit: 1000 })
        ).filter((intent) => intent.status === 'succeeded' && intent.metadata.payment_type === 'Credits');
        const grants = await ledgerEntriesByKeyPattern(database!.db, 'payment_intent:%');
        const problems: string[] = [];
        for (const intent of paid) {
          const rows = grants.filter((row) => row.idempotencyKey === `payment_intent:${intent.id}:credits`);
          if (rows.length !== 1) problems.push(`${intent.id}: ${rows.length} grants`);
        }
        const paidIds = new Set(paid.map((intent) => intent.id));
        for (const row of grants) {
          if (!paidIds.has(row.idempotencyKey.split(':')[1]!))
            problems.push(`unpaid grant ${row.idempotencyKey}`);
        }
        for (const code of codes) {
          const row = await findGiftCode(database!.db, code);
          if (row?.redeemedBy && !row.subscriptionId)
            problems.push(`gift ${code} claimed without subscription`);
        }
        return { problems, paid: paid.length, grants: grants.length };
      };
      const deadline = Date.now() + 60_000;
      let result = await check();
      const before = result.problems.length;
      while (result.problems.length && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        result = await check();
      }
      console.info(
        `${before} problems at restart, none ${Date.now() - killedAt} ms after the kill; ${result.paid} paid intents`,
      );
      expect(result.problems).toEqual([]);
      expect(result.paid).toBeGreaterThan(0);

      // Each buyer's balance is what Stripe says they paid for, and the ledger sums to it.
      const rows = await usersByIds(
        database.db,
        buyers.map((who) => who.userId),
      );
      const paidIntents = (
        await stripe.paymentIntents.list({ limit: 100 }).autoPagingToArray({ limit: 1000 })
      ).filter((intent) => intent.status === 'succeeded' && intent.metadata.payment_type === 'Credits');
      for (const row of rows) {
        const bought = paidIntents.filter((intent) => intent.metadata.userId === row.id).length;
        const ledger = (await ledgerEntriesByKeyPattern(database.db, `payment_intent:%`)).filter(
          (entry) => entry.userId === row.id,
        );
        expect(ledger.reduce((sum, entry) => sum + entry.delta, 0)).toBe(bought * pack.credits);
        const all = await ledgerEntriesOf(database.db, row.id);
        const sum = all.filter((e) => e.currency === 'credits').reduce((total, e) => total + e.delta, 0);
        expect(row.credits).toBe(sum);
      }

      // Every claimed code has exactly one gifted subscription at Stripe, for its redeemer.
      const subscriptions = await stripe.subscriptions
        .list({ status: 'all', limit: 100 })
        .autoPagingToArray({ limit: 1000 });
      for (const code of codes) {
        const row = (await findGiftCode(database.db, code))!;
        const gifted = subscriptions.filter((sub) => sub.metadata.giftCodeId === row.id);
        expect(gifted.length).toBe(row.redeemedBy ? 1 : 0);
        if (row.redeemedBy) expect(gifted[0]!.metadata.userId).toBe(row.redeemedBy);
      }
    } finally {
      second.child.kill('SIGTERM');
      await exited(second.child);
    }
  }, 240_000);
});
