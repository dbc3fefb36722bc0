import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createUser,
  findAutoTopUp,
  findUserById,
  saveAutoTopUpCard,
  saveAutoTopUpSettings,
  setBalance,
} from '@app/db';
import {
  type TestDatabase,
  ageAutoTopUpClaim,
  createTestDatabase,
  holdUserRow,
  ledgerEntriesByKeyPattern,
} from '@app/db/testing';
import { type Emulator, startEmulator } from '@app/stripe-emulator';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeSdk } from '../../src/modules/billing/stripe-client.ts';
import { syncCatalog } from '../../src/modules/catalog/sync-catalog.ts';
import { ensureCustomer } from '../../src/modules/customers/ensure-customer.ts';
import { handleWebhookEvent } from '../../src/modules/webhooks/handle-webhook-event.ts';
import { TOP_UP_LEASE_SECONDS } from '../../src/modules/payments/run-auto-top-up.ts';
import { exited, startServer } from './server-process.ts';

/*
 * kill -9 of the API between an auto top-up's PaymentIntent and its grant, then a restart: the
 * package is granted once and Stripe holds one payment. The dying server is stopped at that exact
 * point by a lock the test holds on the user's row (the grant updates the balance there). Needs real
 * PostgreSQL (the server is a separate process sharing the database).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a crash between a top-up payment and its grant', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'top-up-crash-'));
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
      // The reconciler runs at start-up: it buys the due top-up, and after the restart takes it up.
      RECONCILE_INTERVAL_SECONDS: '3600',
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

  const waitFor = async (what: string, check: () => Promise<boolean>) => {
    const deadline = Date.now() + 60_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  const topUps = async (customer: string) =>
    (await stripe.paymentIntents.list({ customer, limit: 100 })).data.filter(
      (pi) => pi.metadata.payment_type === 'TopUp',
    );

  it('grants once after the restart, with one payment at Stripe', { timeout: 180_000 }, async () => {
    const created = await createUser(database.db, { discordName: `top-up-crash-${Date.now()}` });
    const customer = await ensureCustomer({ db: database.db, stripe, user: created });
    const setup = await stripe.setupIntents.create({ customer, usage: 'off_session' });
    const saved = await stripe.setupIntents.confirm(setup.id, { payment_method: 'pm_card_visa' });
    await saveAutoTopUpCard(database.db, {
      userId: created.id,
      paymentMethod: saved.payment_method as string,
      brand: 'visa',
      last4: '4242',
      packageName: 'Starter Pack',
    });
    await saveAutoTopUpSettings(database.db, {
      userId: created.id,
      enabled: true,
      packageName: 'Starter Pack',
      thresholdCredits: 100,
      monthlyCapCents: null,
      dailyCreditCap: null,
    });
    await setBalance(database.db, {
      userId: created.id,
      currency: 'credits',
      target: 40,
      reason: 'admin-set',
      idempotencyKey: `crash-set:${created.id}`,
    });

    let release!: () => void;
    const lock = holdUserRow(database.db, created.id, new Promise<void>((resolve) => (release = resolve)));
    await lock.held;
    const first = startServer(env);
    await first.url;
    await waitFor('the top-up payment', async () =>
      (await topUps(customer)).some((pi) => pi.status === 'succeeded'),
    );
    // Paid at Stripe, the grant waiting on the row: killed there.
    first.child.kill('SIGKILL');
    await exited(first.child);
    release();
    await lock.done;
    expect((await findUserById(database.db, created.id))!.credits).toBe(40);
    expect((await findAutoTopUp(database.db, created.id))!.state).toBe('buying');

    // The restarted server's reconciler takes the crossing up once its claim's lease has passed.
    await ageAutoTopUpClaim(database.db, created.id, TOP_UP_LEASE_SECONDS + 1);
    const second = startServer(env);
    try {
      await second.url;
      await waitFor(
        'the grant',
        async () => (await findAutoTopUp(database.db, created.id))!.state === 'armed',
      );
    } finally {
      second.child.kill('SIGKILL');
      await exited(second.child);
    }
    const [intent, ...others] = await topUps(customer);
    expect(others).toHaveLength(0);
    expect(intent!.status).toBe('succeeded');
    // Stripe's webhook for it, delivered late and twice, grants nothing more.
    for await (const event of stripe.events.list({ type: 'payment_intent.succeeded', limit: 100 })) {
      if ((event.data.object as { id: string }).id !== intent!.id) continue;
      for (const _ of [1, 2]) await handleWebhookEvent({ db: database.db, stripe }, event);
    }
    expect(await ledgerEntriesByKeyPattern(database.db, `payment_intent:${intent!.id}:%`)).toHaveLength(1);
    expect((await findUserById(database.db, created.id))!.credits).toBe(540);
  });
});
