import path from 'node:path';
import type { MountableEmulator } from '@app/stripe-emulator';
import Stripe from 'stripe';
import type { Settings } from '../../settings.ts';

/** Where the embedded default serves the Stripe emulator on the app's own port. */
export const STRIPE_EMULATOR_PREFIX = '/_stripe';

/**
 * Stripe's "if all retries for a payment fail" setting the product expects (Billing → Subscriptions
 * and emails → Manage failed payments): mark the subscription unpaid, so paying its open invoice
 * later brings the plan back. The emulator is started with it; other settings work too (a
 * cancelled plan cannot be paid back, a past-due one lapses when Stripe stops retrying).
 */
export const AFTER_ALL_RETRIES_FAIL = 'unpaid';

/** The seller on receipts, invoices and the portal: the account's public business name at Stripe. */
export const SELLER_NAME = 'HyperCreate';

/** The emulator served by the app itself: its plugin and what it needs once the app listens. */
export interface MountedEmulator {
  prefix: string;
  /** A Fastify plugin answering everything under the prefix. */
  plugin: MountableEmulator['plugin'];
  /** The router's own refusals below the prefix, in Stripe's shape (Fastify's `frameworkErrors`). */
  frameworkErrors: MountableEmulator['frameworkErrors'];
  /**
   * Called once the app listens: `ownUrl` is the address this process answers on (the SDK and
   * the webhooks use it), `publicUrl` the one browsers use (every URL the emulator hands out).
   */
  listening(urls: { ownUrl: string; publicUrl: string }): void;
}

/** Everything the payment calls need from the provider: one SDK instance and its keys. */
export interface Billing {
  stripe: Stripe;
  publishableKey: string;
  webhookSecret: string;
  /** The emulator's URL for the browser; undefined with real Stripe. */
  readonly emulatorUrl: string | undefined;
  /** Origins the page must reach for the card field (Content-Security-Policy). */
  paymentOrigins: string[];
  /** True when the provider is the in-process emulator (the embedded default). */
  embedded: boolean;
  /** The emulator, when the app serves it under a prefix on its own port (the embedded default). */
  mounted?: MountedEmulator;
  /** Points the emulator's webhooks at our endpoint once the server listens (no-op with Stripe). */
  setWebhookUrl(url: string): void;
  close(): Promise<void>;
}

/** The origins Stripe.js and its frames use. */
export const STRIPE_ORIGINS = ['https://js.stripe.com', 'https://api.stripe.com', 'https://hooks.stripe.com'];

/**
 * Sends the SDK's requests to a base URL read at request time, path included: the SDK's own
 * `host`/`port`/`protocol` settings have no path, and the emulator may sit under a prefix on an
 * address known only once the app listens.
 */
class BaseUrlHttpClient extends Stripe.HttpClient {
  private readonly inner = Stripe.createNodeHttpClient();

  constructor(private readonly baseUrl: () => string) {
    super();
  }

  override getClientName() {
    return this.inner.getClientName();
  }

  override makeRequest(
    _host: string,
    _port: string,
    path: string,
    method: string,
    headers: Parameters<Stripe.HttpClient['makeRequest']>[4],
    requestData: string,
    _protocol: string,
    timeout: number,
  ) {
    let base: URL;
    try {
      base = new URL(this.baseUrl());
    } catch (error) {
      // A rejection, which the SDK reports as a connection error; a throw would leave the call hanging.
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    const protocol = base.protocol === 'https:' ? 'https' : 'http';
    return this.inner.makeRequest(
      base.hostname.replace(/^\[(.*)\]$/, '$1'),
      base.port || (protocol === 'https' ? '443' : '80'),
      `${base.pathname.replace(/\/$/, '')}${path}`,
      method,
      headers,
      requestData,
      protocol,
      timeout,
    );
  }
}

/**
 * An SDK instance for a secret key; `baseUrl` (a URL, or a function giving it at request time)
 * points it at the emulator, prefix included, instead of api.stripe.com.
 */
export function createStripeSdk(
  secretKey: string,
  baseUrl?: string | (() => string) | NonNullable<Settings['stripe']>['api'],
): Stripe {
  if (!baseUrl || typeof baseUrl === 'object') {
    // Stripe's own API by default, or the host, port and protocol of STRIPE_API_URL.
    const address = typeof baseUrl === 'object' ? baseUrl : {};
    return new Stripe(secretKey, { maxNetworkRetries: 2, appInfo: { name: 'HyperCreate' }, ...address });
  }
  return new Stripe(secretKey, {
    maxNetworkRetries: 1,
    httpClient: new BaseUrlHttpClient(typeof baseUrl === 'string' ? () => baseUrl : baseUrl),
  });
}

/** Stripe from the settings: its own API, or the address `STRIPE_API_URL` names. */
export function createStripeBilling(stripe: NonNullable<Settings['stripe']>): Billing {
  return {
    stripe: createStripeSdk(stripe.secretKey, stripe.api),
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
 * The offline Stripe emulator, started in this process on a loopback port of its own, for an app
 * that never listens (tests driving it with inject). `dataDir` keeps its state across restarts;
 * without it the state lives in memory. A starting server serves it on its own port instead.
 */
export async function startEmulatorBilling(options: { dataDir?: string; webhookUrl?: string } = {}) {
  // Imported only here so production builds with real Stripe never load the emulator.
  const { startEmulator } = await import('@app/stripe-emulator');
  const emulator = await startEmulator({
    port: 0,
    host: '127.0.0.1',
    dataDir: options.dataDir,
    webhookUrl: options.webhookUrl,
    afterRetries: AFTER_ALL_RETRIES_FAIL,
    businessName: SELLER_NAME,
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

/**
 * The offline Stripe emulator served by the app itself under `/_stripe`, so one port serves the
 * site, the emulator's API and its pages. Until the app listens (`mounted.listening`) the SDK has
 * nowhere to go: the catalog is synced after that.
 */
export async function createMountedEmulatorBilling(options: { dataDir?: string } = {}) {
  // Imported only here so production builds with real Stripe never load the emulator.
  const { createEmulator } = await import('@app/stripe-emulator');
  const emulator: MountableEmulator = createEmulator({
    prefix: STRIPE_EMULATOR_PREFIX,
    dataDir: options.dataDir,
    afterRetries: AFTER_ALL_RETRIES_FAIL,
    businessName: SELLER_NAME,
  });
  // Deliveries queued before a restart wait for our new address rather than go to the old one.
  emulator.setWebhookUrl(null);
  let apiUrl: string | undefined;
  const billing: Billing = {
    stripe: createStripeSdk(emulator.secretKey, () => {
      if (!apiUrl) throw new Error('The Stripe emulator answers once the server listens');
      return apiUrl;
    }),
    publishableKey: emulator.publishableKey,
    webhookSecret: emulator.webhookSecret,
    get emulatorUrl() {
      return emulator.url;
    },
    // The browser reaches the emulator on our own origin: 'self' covers it.
    paymentOrigins: [],
    embedded: true,
    mounted: {
      prefix: emulator.prefix,
      plugin: emulator.plugin,
      frameworkErrors: (error, request, reply) => emulator.frameworkErrors(error, request, reply),
      listening({ ownUrl, publicUrl }) {
        apiUrl = `${ownUrl}${emulator.prefix}`;
        emulator.setPublicUrl(publicUrl);
        emulator.setWebhookUrl(webhookUrlFor(ownUrl));
      },
    },
    setWebhookUrl: (url) => emulator.setWebhookUrl(url),
    close: () => emulator.close(),
  };
  return { billing, emulator };
}

/** Where the provider should deliver webhooks, given the URL the server answers on. */
export const webhookUrlFor = (baseUrl: string) => `${baseUrl.replace(/\/$/, '')}/api/payment/webhook`;

/**
 * Real Stripe when STRIPE_SECRET_KEY is set, otherwise (never in production) the emulator served
 * under `/_stripe` on our own port with its state under DATA_DIR.
 */
export async function createBilling(settings: Settings): Promise<Billing> {
  if (settings.stripe) return createStripeBilling(settings.stripe);
  if (!settings.embedded) throw new Error('STRIPE_SECRET_KEY is required outside the embedded default');
  const { billing } = await createMountedEmulatorBilling({ dataDir: path.join(settings.dataDir, 'stripe') });
  return billing;
}
