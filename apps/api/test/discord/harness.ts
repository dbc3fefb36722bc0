import { request } from 'node:http';
import {
  type Database,
  type UserRow,
  createUser,
  findUserByDiscordId,
  grant,
  setDiscordClassicResults,
} from '@app/db';
import { createTestDatabase } from '@app/db/testing';
import { type DiscordEmulator, createDiscordEmulator } from '@app/discord-emulator';
import type { Provider } from '@app/generation';
import { startWorker } from '@app/jobs';
import { type App, buildApp } from '../../src/app.ts';
import { generateSnowflake } from '../../src/modules/discord/local-discord-id.ts';
import { loadSettings } from '../../src/settings.ts';
import { TEST_DATA_DIR } from '../helpers.ts';
import { fastProvider } from './fixtures.ts';

export interface DiscordMessage {
  id: string;
  content: string;
  flags?: number;
  author?: { id: string; bot?: boolean };
  attachments: { filename: string; url: string; size: number; content_type?: string }[];
  components?: {
    type?: number;
    content?: string;
    components: { custom_id: string; label?: string; emoji?: { name: string } }[];
  }[];
  mentions?: { id: string }[];
  interaction_metadata?: unknown;
}

/**
 * A message's words: its content, then the text of its Text Displays (a Components V2 card has no
 * content; its first Text Display pings the asker).
 */
export function textOf(message: { content?: string; components?: unknown[] }): string {
  const texts: string[] = [];
  const walk = (list: unknown[]) => {
    for (const c of list as { type?: number; content?: string; components?: unknown[] }[]) {
      if (c.type === 10 && typeof c.content === 'string') texts.push(c.content);
      if (Array.isArray(c.components)) walk(c.components);
    }
  };
  walk(message.components ?? []);
  return [message.content ?? '', ...texts].filter(Boolean).join('\n');
}

/** What the emulator's test control answers for an interaction it sent. */
export interface Outcome {
  interaction?: { id: string; token: string };
  response?: { type: number; data?: { content?: string; flags?: number } };
  error?: string;
}

export interface Harness {
  app: App;
  database: Database;
  emulator: DiscordEmulator;
  base: string;
  provider: Provider;
  /** Starts (or restarts) the worker; `stopWorker` stops it. */
  startWorker(): Promise<void>;
  stopWorker(): Promise<void>;
  /**
   * A Discord user with an account holding these credits, who answered the age question as an adult.
   * Their results come as classic messages, which most of these tests read; `{ cards: true }` keeps
   * the default, Components V2 cards.
   */
  user(
    credits: number,
    hypercredits?: number,
    options?: { cards?: boolean },
  ): Promise<{ discordId: string; account: UserRow }>;
  command(
    userId: string,
    command: string,
    options?: Record<string, unknown>,
    channel?: string,
  ): Promise<Outcome>;
  click(userId: string, messageId: string, customId: string, values?: string[]): Promise<Outcome>;
  submitModal(userId: string, values: Record<string, string>): Promise<Outcome>;
  messages(channel?: string): Promise<DiscordMessage[]>;
  dms(userId: string): Promise<DiscordMessage[]>;
  waitFor<T>(check: () => Promise<T | null | undefined | false>, timeoutMs?: number): Promise<T>;
  /** Any test control of the emulator (`/_discord/_test…`); rejects on a 4xx or 5xx. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each caller knows its route's shape
  control(method: string, path: string, body?: unknown): Promise<any>;
  close(): Promise<void>;
}

/**
 * The API on a real port with the Discord emulator mounted as in the embedded default, the bot's
 * commands registered, and a worker running jobs through a fast provider.
 */
export async function createHarness(
  options: {
    provider?: Provider;
    deferAfterMs?: number;
    now?: () => number;
    deliver?: boolean;
    maxActiveJobs?: number;
    /** How often queued answers are brought up to date. */
    answerRefreshMs?: number;
    /** More settings, by variable name. */
    env?: Record<string, string>;
    /** Where the app writes its log lines (`logLevel` and above, warn by default); none by default. */
    logStream?: NodeJS.WritableStream;
    logLevel?: 'info' | 'warn';
  } = {},
): Promise<Harness> {
  const database = await createTestDatabase();
  const settings = loadSettings({
    NODE_ENV: 'test',
    ADMIN_PASSWORD: 'correct-horse-battery-staple',
    DATA_DIR: `${TEST_DATA_DIR}-discord`,
    HOST: '127.0.0.1',
    QUEUE_SUPERVISE_SECONDS: '1',
    MAX_ACTIVE_JOBS_PER_USER: String(options.maxActiveJobs ?? 500),
    ...options.env,
  });
  const emulator = createDiscordEmulator({
    prefix: '/_discord',
    now: options.now,
    rateLimit: { limit: 10_000, windowMs: 1000 },
  });
  const app = await buildApp({
    settings,
    database,
    discordEmulator: emulator,
    mediaStorage: memoryStorage(),
    discord: {
      sweepMs: 300,
      deferAfterMs: options.deferAfterMs,
      deliver: options.deliver,
      answerRefreshMs: options.answerRefreshMs ?? 250,
    },
    logger: options.logStream ? { level: options.logLevel ?? 'warn', stream: options.logStream } : false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as { port: number };
  const base = `http://127.0.0.1:${address.port}`;
  const provider = options.provider ?? fastProvider();
  let worker: { stop(): Promise<void> } | undefined;

  // Test control goes over plain node:http, not fetch: the emulator inside the app posts interactions
  // with fetch, and a burst of long test calls must not queue those posts behind them in one pool.
  const call = (method: string, path: string, body?: unknown) =>
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each caller knows its route's shape
    new Promise<any>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = request(
        `${base}/_discord/_test${path}`,
        { method, agent: false, headers: payload ? { 'content-type': 'application/json' } : {} },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const json = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
            if ((res.statusCode ?? 500) >= 400)
              reject(new Error(`${method} ${path}: ${res.statusCode} ${JSON.stringify(json)}`));
            else resolve(json);
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });

  const harness: Harness = {
    app,
    database,
    emulator,
    base,
    provider,
    async startWorker() {
      // One worker at a time: a second would run on after close, on a closed database.
      if (worker) return;
      worker = await startWorker({
        database,
        queue: await app.generation.queue(),
        storage: app.generation.storage,
        providers: { image: provider, video: provider, audio: provider, lipsync: provider, lora: provider },
        settings: settings.generation,
        pollingIntervalSeconds: 0.5,
      });
    },
    async stopWorker() {
      await worker?.stop();
      worker = undefined;
    },
    async user(credits, hypercredits = 0, userOptions = {}) {
      const discordId = generateSnowflake();
      const account = await createUser(database.db, {
        discordId,
        discordName: `u${discordId.slice(-6)}`,
        ageBand: '18+',
      });
      for (const [currency, amount] of [
        ['credits', credits],
        ['hypercredits', hypercredits],
      ] as const) {
        if (amount > 0) {
          await grant(database.db, {
            userId: account.id,
            currency,
            amount,
            reason: 'test',
            idempotencyKey: `test:${account.id}:${currency}`,
          });
        }
      }
      if (!userOptions.cards) await setDiscordClassicResults(database.db, account.id, true);
      await call('POST', '/users', { id: discordId, username: account.discordName });
      return { discordId, account: (await findUserByDiscordId(database.db, discordId))! };
    },
    command: (userId, command, commandOptions = {}, channel = 'image-1') =>
      call('POST', '/interactions', { userId, channel, command, options: commandOptions }),
    click: (userId, messageId, customId, values) =>
      call('POST', '/components', { userId, messageId, customId, ...(values ? { values } : {}) }),
    submitModal: (userId, values) => call('POST', '/modals', { userId, values }),
    messages: async (channel = 'image-1') => (await call('GET', `/channels/${channel}/messages`)).messages,
    dms: async (userId) => (await call('GET', `/dms/${userId}`)).messages,
    control: call,
    async waitFor(check, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const value = await check();
        if (value) return value;
        if (Date.now() > deadline) throw new Error('timed out waiting');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async close() {
      await worker?.stop();
      await app.close();
      await database.close();
    },
  };
  await harness.startWorker();
  return harness;
}

function memoryStorage() {
  const objects = new Map<string, { bytes: Buffer; mime: string }>();
  return {
    async put(key: string, bytes: Buffer, mime: string) {
      objects.set(key, { bytes, mime });
    },
    async get(key: string) {
      return objects.get(key) ?? null;
    },
    async delete(key: string) {
      objects.delete(key);
    },
    publicUrl: () => null,
  };
}

export const attachment = (filename: string, contentType: string, bytes: Buffer) => ({
  filename,
  contentType,
  base64: bytes.toString('base64'),
});
