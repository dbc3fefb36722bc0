import { type Database, findUserById, setDiscordIdIfAbsent } from '@app/db';
import { createTestDatabase } from '@app/db/testing';
import { type DiscordEmulator, createDiscordEmulator } from '@app/discord-emulator';
import type { Emulator } from '@app/stripe-emulator';
import type Stripe from 'stripe';
import { buildApp, type App } from '../../src/app.ts';
import { generateSnowflake } from '../../src/modules/discord/local-discord-id.ts';
import { seedBilling } from '../../src/modules/billing/seed-billing.ts';
import { type Billing, startEmulatorBilling } from '../../src/modules/billing/stripe-client.ts';
import { syncCatalog } from '../../src/modules/catalog/sync-catalog.ts';
import { seedUsers } from '../../src/modules/users/seed-users.ts';
import { loadSettings } from '../../src/settings.ts';
import { TEST_ADMIN_PASSWORD, TEST_DATA_DIR, answerAgeAsAdult } from '../helpers.ts';

export interface PaymentTestContext {
  app: App;
  database: Database;
  billing: Billing;
  emulator: Emulator;
  stripe: Stripe;
  signIn(discordName: string): Promise<{ cookie: string; userId: string }>;
  /** A card payment method, made the way the browser's card field makes one. */
  card(number: string): Promise<string>;
  /** Delivers every event the emulator recorded since the last call, signed, through inject. */
  deliverEvents(): Promise<void>;
  /** With `{ discord: true }`: Discord's stand-in, mounted and used by the bot for DMs. */
  discord?: {
    emulator: DiscordEmulator;
    /** Makes the user known to Discord under their account's id (set now if they had none). */
    addUser(userId: string): Promise<string>;
    /** The direct messages the bot sent to a Discord user. */
    dms(discordId: string): Promise<{ content: string }[]>;
  };
  close(): Promise<void>;
}

export const CARDS = {
  ok: '4242424242424242',
  authenticate: '4000002500003155',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

/**
 * The whole API with the Stripe emulator started in this process, its catalog synced and the
 * seeded users' plans created. Webhooks are not pushed; tests deliver them with deliverEvents().
 */
export async function createPaymentTestApp(options: { discord?: boolean } = {}): Promise<PaymentTestContext> {
  const { billing, emulator } = await startEmulatorBilling();
  emulator.setWebhookUrl(null);
  const { stripe } = billing;
  await syncCatalog({ stripe });
  const database = await createTestDatabase();
  await seedUsers({ db: database.db });
  await seedBilling({ db: database.db, stripe });
  const settings = loadSettings({
    NODE_ENV: 'test',
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    DATA_DIR: TEST_DATA_DIR,
    HOST: '127.0.0.1',
  });
  const discordEmulator = options.discord ? createDiscordEmulator({ prefix: '/_discord' }) : undefined;
  const app = await buildApp({
    settings,
    database,
    billing,
    discordEmulator,
    discord: { deliver: false },
    logger: false,
  });
  // The bot's REST base is our own address once listening (the embedded default's Discord).
  if (discordEmulator) await app.listen({ port: 0, host: '127.0.0.1' });
  else await app.ready();
  const discordControl = async (method: string, path: string, body?: unknown) => {
    const response = await app.inject({
      method: method as 'GET' | 'POST',
      url: `/_discord/_test${path}`,
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
    if (response.statusCode >= 400) throw new Error(`${method} ${path}: ${response.body}`);
    return response.json();
  };
  const delivered = new Set<string>();
  return {
    app,
    database,
    billing,
    emulator,
    stripe,
    discord: discordEmulator && {
      emulator: discordEmulator,
      async addUser(userId) {
        const user = (await findUserById(database.db, userId))!;
        const id = user.discordId ?? (await setDiscordIdIfAbsent(database.db, userId, generateSnowflake()))!;
        await discordControl('POST', '/users', { id, username: user.discordName });
        return id;
      },
      dms: async (discordId) => (await discordControl('GET', `/dms/${discordId}`)).messages,
    },
    async signIn(discordName) {
      const response = await app.inject({ method: 'POST', url: '/api/auth/local', payload: { discordName } });
      if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
      const cookie = response.cookies.find((c) => c.name === 'sid');
      const userId: string = response.json().user_id;
      await answerAgeAsAdult(database.db, userId);
      return { cookie: `sid=${cookie!.value}`, userId };
    },
    async card(number) {
      const method = await stripe.paymentMethods.create({
        type: 'card',
        card: { number, exp_month: 12, exp_year: 2040, cvc: '123' },
      });
      return method.id;
    },
    async deliverEvents() {
      const events: Stripe.Event[] = [];
      for await (const event of stripe.events.list({ limit: 100 })) {
        if (!delivered.has(event.id)) events.push(event);
      }
      for (const event of events.reverse()) {
        delivered.add(event.id);
        const response = await deliver(app, billing, JSON.stringify(event));
        if (response.statusCode !== 200) throw new Error(`webhook ${event.type}: ${response.body}`);
      }
    },
    async close() {
      await app.close();
      await billing.close();
      await database.close();
    },
  };
}

/** Posts a payload to the webhook route the way Stripe does, signed now unless told otherwise. */
export function deliver(
  app: App,
  billing: Billing,
  payload: string,
  options: { signature?: string | null; at?: number } = {},
) {
  const signature =
    options.signature === undefined
      ? billing.stripe.webhooks.generateTestHeaderString({
          payload,
          secret: billing.webhookSecret,
          timestamp: options.at ?? Math.floor(Date.now() / 1000),
        })
      : options.signature;
  return app.inject({
    method: 'POST',
    url: '/api/payment/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
    payload,
  });
}
