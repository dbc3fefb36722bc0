import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '@app/db/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { prepareBilling } from '../../src/modules/billing/start-billing.ts';
import { STRIPE_ORIGINS, createBilling, createStripeSdk } from '../../src/modules/billing/stripe-client.ts';
import { seedUsers } from '../../src/modules/users/seed-users.ts';
import { loadSettings } from '../../src/settings.ts';
import { TEST_ADMIN_PASSWORD } from '../helpers.ts';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'billing-provider-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const settingsFor = (env: Record<string, string> = {}) =>
  loadSettings({ NODE_ENV: 'test', ADMIN_PASSWORD: TEST_ADMIN_PASSWORD, DATA_DIR: dataDir, ...env });

describe('the payment provider a starting server picks', () => {
  it('never runs the emulator in production', async () => {
    const settings = { ...settingsFor(), nodeEnv: 'production' as const, embedded: false };
    await expect(createBilling(settings)).rejects.toThrow(/STRIPE_SECRET_KEY/);
  });

  it('uses real Stripe with its own origins when the keys are set, with nothing mounted', async () => {
    const billing = await createBilling(
      settingsFor({
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
      }),
    );
    expect(billing.mounted).toBeUndefined();
    expect(billing.emulatorUrl).toBeUndefined();
    expect(billing.paymentOrigins).toEqual(STRIPE_ORIGINS);
  });

  it('sends every SDK call to STRIPE_API_URL, as a staging rehearsal against a stand-in needs', async () => {
    const { startEmulator } = await import('@app/stripe-emulator');
    const emulator = await startEmulator({ port: 0, host: '127.0.0.1' });
    try {
      const settings = settingsFor({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://shop.example',
        DISCORD_CLIENT_ID: 'client',
        DISCORD_CLIENT_SECRET: 'secret',
        DISCORD_APPLICATION_ID: '123456789012345678',
        DISCORD_PUBLIC_KEY: 'ab'.repeat(32),
        DISCORD_BOT_TOKEN: 'bot-token',
        STRIPE_SECRET_KEY: emulator.secretKey,
        STRIPE_PUBLISHABLE_KEY: emulator.publishableKey,
        STRIPE_WEBHOOK_SECRET: emulator.webhookSecret,
        STRIPE_API_URL: emulator.url,
      });
      const billing = await createBilling(settings);
      expect(billing.embedded).toBe(false);
      const product = await billing.stripe.products.create({ name: 'Rehearsal' });
      const direct = createStripeSdk(emulator.secretKey, emulator.url);
      expect((await direct.products.retrieve(product.id)).name).toBe('Rehearsal');
    } finally {
      await emulator.close();
    }
  });

  it('serves the emulator on our port with every URL under PUBLIC_URL, the SDK on our own address', async () => {
    const publicUrl = 'http://shop.example:8080';
    const settings = settingsFor({ PUBLIC_URL: publicUrl, PORT: '0', HOST: '127.0.0.1' });
    const billing = await createBilling(settings);
    expect(billing.mounted?.prefix).toBe('/_stripe');
    expect(billing.paymentOrigins).toEqual([]);
    // Before the server listens there is nowhere to reach it.
    await expect(billing.stripe.customers.list({ limit: 1 })).rejects.toThrow();

    const database = await createTestDatabase();
    await seedUsers({ db: database.db });
    const app = await buildApp({ settings, database, billing });
    try {
      const own = await app.listen({ port: 0, host: '127.0.0.1' });
      await prepareBilling({ billing, db: database.db });
      expect((await app.inject({ url: '/api/payment/config' })).json()).toEqual({
        publishableKey: billing.publishableKey,
        emulatorUrl: `${publicUrl}/_stripe`,
      });
      // The SDK went through our own listening address: the catalog is there.
      expect((await billing.stripe.prices.list({ limit: 1 })).data).toHaveLength(1);
      const customer = await billing.stripe.customers.create({ email: 'provider@example.com' });
      const portal = await billing.stripe.billingPortal.sessions.create({
        customer: customer.id,
        return_url: publicUrl,
      });
      expect(portal.url.startsWith(`${publicUrl}/_stripe/_emulator/portal/`)).toBe(true);
      const page = await fetch(portal.url.replace(publicUrl, own));
      expect(page.status).toBe(200);
      // The app's own routes and the SPA still answer beside it.
      expect((await fetch(`${own}/api/health`)).status).toBe(200);
    } finally {
      await app.close();
      await billing.close();
      await database.close();
    }
  });
});
