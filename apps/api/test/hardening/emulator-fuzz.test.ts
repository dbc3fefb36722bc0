import { createSession, findUserByDiscordId } from '@app/db';
import { createTestDatabase } from '@app/db/testing';
import { SEEDED_USER_IDS, createDiscordEmulator } from '@app/discord-emulator';
import {
  discordErrorMisfit,
  fuzzRoutes,
  stripeErrorMisfit,
  type FuzzAnswer,
  type FuzzRequest,
  type FuzzRoute,
  type ValidCall,
} from '@app/emulator-fidelity/fuzz';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app.ts';
import { createMountedEmulatorBilling, type Billing } from '../../src/modules/billing/stripe-client.ts';
import { ensureLocalDiscordId } from '../../src/modules/discord/local-discord-id.ts';
import { SESSION_COOKIE, hashSessionId } from '../../src/plugins/session.ts';
import { seedUsers } from '../../src/modules/users/seed-users.ts';
import { loadSettings } from '../../src/settings.ts';

/**
 * The emulators' input fuzzer as the embedded default serves them: mounted on the app's own port,
 * the Discord one behind the app's hooks (its input check among them). Every route under their
 * prefixes gets calls valid but for one thing; no answer may be a 5xx, and every refusal keeps the
 * shape of the API the emulator stands in for. Each emulator's own suite fuzzes it more deeply.
 */

const SEED = 20261129;
const DISCORD = '/_discord';
const STRIPE = '/_stripe';

describe('the emulators mounted in the app, fuzzed', () => {
  let app: App;
  let billing: Billing;
  let close: () => Promise<void>;
  const routes: FuzzRoute[] = [];
  const discord = createDiscordEmulator({
    prefix: DISCORD,
    // Limits out of the way, so the calls reach the routes instead of the rate limiter.
    rateLimit: { limit: 1_000_000, windowMs: 1000 },
    async resolveUser(request) {
      const user = await (request as FastifyRequest).currentUser();
      if (!user) return null;
      const id = await ensureLocalDiscordId({ db: database.db, user, seededIds: SEEDED_USER_IDS });
      return { id, username: user.discordName, globalName: user.discordName };
    },
  });
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let cookie: string;
  let stripeKey: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedUsers({ db: database.db, discordIds: SEEDED_USER_IDS });
    const mounted = await createMountedEmulatorBilling();
    billing = mounted.billing;
    stripeKey = mounted.emulator.secretKey;
    const settings = loadSettings({
      NODE_ENV: 'test',
      ADMIN_PASSWORD: 'fuzz-admin-password',
      DATA_DIR: '.data/test',
    });
    app = await buildApp({
      settings,
      database,
      billing,
      discordEmulator: discord,
      onRoute: (route) => void routes.push({ method: route.method, url: route.url }),
      logger: false,
    });
    await app.ready();
    const user = await findUserByDiscordId(database.db, SEEDED_USER_IDS.member);
    const sessionId = 'emulator-fuzz-session-0123456789abcdef';
    await createSession(database.db, {
      idHash: hashSessionId(sessionId),
      userId: user!.id,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    cookie = `${SESSION_COOKIE}=${sessionId}`;
    close = async () => {
      await app.close();
      await billing.close();
      await database.close();
    };
  }, 60_000);
  afterAll(() => close?.());

  const send = async (request: FuzzRequest): Promise<FuzzAnswer> => {
    const answer = await app.inject({ ...request, remoteAddress: '127.0.0.1' });
    return { statusCode: answer.statusCode, headers: answer.headers, body: answer.body };
  };

  it(
    'answers no 5xx below either prefix, each refusal in its API’s shape',
    { timeout: 240_000 },
    async () => {
      const below = (route: FuzzRoute, prefix: string) => route.url.slice(prefix.length);
      const under = (prefix: string) => routes.filter((route) => route.url.startsWith(`${prefix}/`));
      const channel = discord.channels()[0]!.id;
      const user = SEEDED_USER_IDS.member;
      const discordReport = await fuzzRoutes(
        {
          prefix: DISCORD,
          routes: under(DISCORD),
          send,
          valid: (_method, route): ValidCall => ({
            params: {
              channel,
              message: '1',
              guild: discord.guildId,
              user,
              app: discord.applicationId,
              id: '1',
            },
            fields: { content: 'hello', userId: user, channel: 'image-1', command: 'help', customId: 'fuzz' },
            optional: ['messageId', 'interactionId', 'id', 'username', 'values', 'options'],
            headers: { authorization: `Bot ${discord.botToken}`, cookie },
            encoding: /\/oauth2\//.test(route.url) ? 'form' : 'json',
          }),
          judge: (_method, route, answer) => discordErrorMisfit(below(route, DISCORD), answer),
        },
        { seed: SEED, runs: 1, hugeBytes: 300_000 },
      );
      const stripeReport = await fuzzRoutes(
        {
          prefix: STRIPE,
          routes: under(STRIPE),
          send,
          valid: (): ValidCall => ({
            params: { id: 'cus_fuzz', customer: 'cus_fuzz' },
            fields: {},
            optional: ['email', 'customer', 'amount', 'metadata'],
            headers: { authorization: `Bearer ${stripeKey}` },
            encoding: 'form',
          }),
          judge: (_method, route, answer) => stripeErrorMisfit(below(route, STRIPE), answer),
        },
        { seed: SEED, runs: 1, hugeBytes: 1_100_000 },
      );
      for (const [name, report, count] of [
        ['Discord', discordReport, under(DISCORD).length],
        ['Stripe', stripeReport, under(STRIPE).length],
      ] as const) {
        console.log(
          `${name} emulator, mounted, fuzz: ${count} routes, ${report.sent} requests, ${report.serverErrors} × 5xx`,
        );
        expect(count).toBeGreaterThan(20);
        expect(report.sent).toBeGreaterThan(count * 3);
      }
      expect([...discordReport.problems, ...stripeReport.problems]).toEqual([]);
    },
  );
});
