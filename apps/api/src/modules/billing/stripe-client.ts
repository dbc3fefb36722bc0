import path from 'node:path';
import Stripe from 'stripe';
import type { Settings } from '../../settings.ts';

/** Everything the payment calls need from the provider: one SDK instance and its keys. */
export interface Billing {
  stripe: Stripe;
  publishableKey: string;
  webhookSecret: string;
  /** The emulator's URL for the browser; undefined with real Stripe. */
  emulatorUrl: string | undefined;
  /** Origins the page must reach for the card field (Content-Security-Policy). */
  paymentOrigins: string[];
  /** True when the provider is the in-process emulator (the embedded default). */
  embedded: boolean;
  /** Points the emulator's webhooks at our endpoint once the server listens (no-op with Stripe). */
  setWebhookUrl(url: string): void;
  close(): Promise<void>;
}

/** The origins Stripe.js and its frames use. */
export const STRIPE_ORIGINS = ['https://js.stripe.com', 'https://api.stripe.com', 'https://hooks.stripe.com'];

/** An SDK instance for a secret key; `baseUrl` points it at the emulator instead of api.stripe.com. */
export function createStripeSdk(secretKey: string, baseUrl?: string): Stripe {
  if (!baseUrl) return new Stripe(secretKey, { maxNetworkRetries: 2, appInfo: { name: 'HyperCreate' } });
  const url = new URL(baseUrl);
  return new Stripe(secretKey, {
    host: url.hostname,
    port: Number(url.port),
    protocol: url.protocol === 'https:' ? 'https' : 'http',
    maxNetworkRetries: 1,
  });
}

/** Real Stripe from the settings. */
export function createStripeBilling(stripe: NonNullable<Settings['stripe']>): Billing {
  return {
    stripe: createStripeSdk(stripe.secretKey),
    publishableKey: stripe.publishableKey,
    webhookSecret: stripe.webhookSecret,
    emulatorUrl: undefined,
    paymentOrigins: STRIPE_ORIGINS,
    embedded: false,
    setWebhookUrl() {},
    async close() {},
  };
}

/**
 * The offline Stripe emulator, started in this process on a loopback port. `dataDir` keeps its
 * state across restarts; without it the state lives in memory (tests).
 */
export async function startEmulatorBilling(options: { dataDir?: string; webhookUrl?: string } = {}) {
  // Imported only here so production builds with real Stripe never load the emulator.
  const { startEmulator } = await import('@app/stripe-emulator');
  const emulator = await startEmulator({
    port: 0,
    host: '127.0.0.1',
    dataDir: options.dataDir,
    webhookUrl: options.webhookUrl,
  });
  const billing: Billing = {
    stripe: createStripeSdk(emulator.secretKey, emulator.url),
    publishableKey: emulator.publishableKey,
    webhookSecret: emulator.webhookSecret,
    emulatorUrl: emulator.url,
    paymentOrigins: [new URL(emulator.url).origin],
    embedded: true,
    setWebhookUrl: (url) => emulator.setWebhookUrl(url),
    close: () => emulator.close(),
  };
  return { billing, emulator };
}

/** Real Stripe when STRIPE_SECRET_KEY is set, otherwise the emulator with state under DATA_DIR. */
export async function createBilling(settings: Settings): Promise<Billing> {
  if (settings.stripe) return createStripeBilling(settings.stripe);
  if (!settings.embedded) throw new Error('STRIPE_SECRET_KEY is required outside the embedded default');
  const { billing } = await startEmulatorBilling({ dataDir: path.join(settings.dataDir, 'stripe') });
  return billing;
}
