import { mkdtempSync, rmSync } from 'node:fs';
import { type IncomingMessage, type ServerResponse, createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { findUserById } from '@app/db';
import {
  type TestDatabase,
  ageWebhookClaim,
  createTestDatabase,
  ledgerEntriesByKeyPattern,
  webhookEventRow,
} from '@app/db/testing';
import { findTier } from '@app/domain';
import { type Emulator, startEmulator } from '@app/stripe-emulator';
import { afterAll, describe, expect, it } from 'vitest';
import { createStripeSdk } from '../../src/modules/billing/stripe-client.ts';
import { priceFor, syncCatalog } from '../../src/modules/catalog/sync-catalog.ts';
import { ensureCustomer } from '../../src/modules/customers/ensure-customer.ts';
import { type Child, startApiProcess, until } from '../jobs/processes.ts';

/*
 * kill -9 of the API while it handles the invoice.paid of a lapsed plan's open invoice (held at
 * the moment it re-reads the invoice from Stripe, before any grant), then a restart: the plan is
 * back and the period's credits are granted exactly once. Stripe (the emulator) runs here and
 * outlives the process, behind a pass-through that can hold a request. Needs real PostgreSQL.
 */
const DAY = 86_400;
const tier = findTier('Professional Plan')!;

/** Forwards every request to the emulator; one matching `hold` waits (and is never answered). */
async function holdingProxy(target: string) {
  let hold: { pattern: RegExp; reached: () => void } | undefined;
  const waiting: ServerResponse[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (hold && req.method === 'GET' && hold.pattern.test(req.url ?? '')) {
      hold.reached();
      hold = undefined;
      waiting.push(res);
      return;
    }
    const upstream = new URL(req.url ?? '/', target);
    const forward = httpRequest(
      upstream,
      { method: req.method, headers: { ...req.headers, host: upstream.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Resolves once a request matching `pattern` arrived and is being held. */
    hold(pattern: RegExp) {
      return new Promise<void>((reached) => (hold = { pattern, reached }));
    },
    close() {
      for (const res of waiting) res.destroy();
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('a crash while a lapsed plan is paid back', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'renewal-crash-'));
  let database: TestDatabase | undefined;
  let emulator: Emulator | undefined;
  let proxy: Awaited<ReturnType<typeof holdingProxy>> | undefined;
  let server: (Child & { url: string }) | undefined;
  afterAll(async () => {
    await server?.kill();
    await proxy?.close();
    await emulator?.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('grants the period once and restores the plan after kill -9 mid-webhook', async () => {
    database = await createTestDatabase();
    const db = database.db;
    emulator = await startEmulator({ afterRetries: 'unpaid' });
    proxy = await holdingProxy(emulator.url);
    const stripe = createStripeSdk(emulator.secretKey, emulator.url);
    await syncCatalog({ stripe });
    const env = (reconcileSeconds: string) => ({
      DATABASE_URL: database!.url!,
      DATA_DIR: dataDir,
      STRIPE_SECRET_KEY: emulator!.secretKey,
      STRIPE_PUBLISHABLE_KEY: emulator!.publishableKey,
      STRIPE_WEBHOOK_SECRET: emulator!.webhookSecret,
      STRIPE_API_URL: proxy!.url,
      RECONCILE_INTERVAL_SECONDS: reconcileSeconds,
    });
    // The first process only settles through webhooks, so the held read is the webhook's.
    server = await startApiProcess(env('0'));
    emulator.setWebhookUrl(`${server.url}/api/payment/webhook`);

    const signedIn = await fetch(`${server.url}/api/auth/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ discordName: 'crash-renewal-user' }),
    });
    expect(signedIn.status).toBe(200);
    const userId = ((await signedIn.json()) as { user_id: string }).user_id;
    const customer = await ensureCustomer({ db, stripe, user: (await findUserById(db, userId))! });
    const good = await stripe.paymentMethods.create({
      type: 'card',
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123' },
    });
    await stripe.paymentMethods.attach(good.id, { customer });
    const subscription = await stripe.subscriptions.create({
      customer,
      items: [{ price: (await priceFor(stripe, tier.lookupKey)).id }],
      default_payment_method: good.id,
      metadata: { userId, tier: tier.tier },
    });
    const status = async () => (await findUserById(db, userId))!.subscriptionStatus;
    await until(async () => (await status()) === tier.tier, 30_000);
    const declining = await stripe.paymentMethods.create({
      type: 'card',
      card: { number: '4000000000000341', exp_month: 12, exp_year: 2040, cvc: '123' },
    });
    await stripe.paymentMethods.attach(declining.id, { customer });
    await stripe.subscriptions.update(subscription.id, { default_payment_method: declining.id });

    // The renewal and all its retries fail: the plan lapses to free.
    const end = subscription.items.data[0]!.current_period_end;
    await emulator.advanceClock(end + 14 * DAY + 60 - emulator.now());
    await until(async () => (await status()) === 'free', 60_000);
    const before = (await findUserById(db, userId))!;
    const [open] = (await stripe.invoices.list({ subscription: subscription.id, status: 'open' })).data;
    expect(open).toBeDefined();

    // Paid back; the process dies while its webhook handler reads the invoice.
    const held = proxy.hold(new RegExp(`^/v1/invoices/${open!.id}\\?`));
    await stripe.invoices.pay(open!.id, { payment_method: good.id });
    await held;
    await server.kill('SIGKILL');
    const grants = () => ledgerEntriesByKeyPattern(db, `invoice:${open!.id}:%`);
    expect(await grants()).toEqual([]);

    server = await startApiProcess(env('2'));
    emulator.setWebhookUrl(`${server.url}/api/payment/webhook`);
    await until(async () => (await status()) === tier.tier && (await grants()).length === 2, 60_000);
    // The dead process's claim on invoice.paid lapses; Stripe's redelivery then finds it done or
    // runs it again, and either way grants nothing more.
    const paidEvent = (await stripe.events.list({ type: 'invoice.paid', limit: 1 })).data[0]!;
    await ageWebhookClaim(db, paidEvent.id, 3600);
    await until(async () => {
      // Brings Stripe's due retries forward (minutes of its clock, far from the next renewal).
      await emulator!.advanceClock(600);
      return (await webhookEventRow(db, paidEvent.id))?.status === 'done';
    }, 120_000);
    const after = (await findUserById(db, userId))!;
    expect(after.subscriptionStatus).toBe(tier.tier);
    expect(after.credits).toBe(before.credits + tier.credits);
    expect(after.hypercredits).toBe(before.hypercredits + tier.hypercredits);
    expect((await grants()).map((row) => row.idempotencyKey).sort()).toEqual([
      `invoice:${open!.id}:credits`,
      `invoice:${open!.id}:hypercredits`,
    ]);
  }, 300_000);
});
