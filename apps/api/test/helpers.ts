import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '@app/db/testing';
import {
  type Database,
  type Db,
  type NewUser,
  type UserRow,
  createSession,
  createUser,
  findUserById,
} from '@app/db';
import type { RouteOptions } from 'fastify';
import { buildApp, type App } from '../src/app.ts';
import { type Billing, startEmulatorBilling } from '../src/modules/billing/stripe-client.ts';
import { syncCatalog } from '../src/modules/catalog/sync-catalog.ts';
import { SESSION_COOKIE, hashSessionId } from '../src/plugins/session.ts';
import { seedUsers } from '../src/modules/users/seed-users.ts';
import { setAgeBand } from '../src/modules/users/set-age-band.ts';
import { loadSettings, type Settings } from '../src/settings.ts';

export interface TestContext {
  app: App;
  database: Database;
  settings: Settings;
  /** The Stripe emulator behind the payment calls, when the app was built with payments. */
  billing?: Billing;
  /**
   * Signs in locally (creating the user when new), answers the first sign-in's age question as an
   * adult, and returns the session cookie header.
   */
  signIn(discordName: string): Promise<{ cookie: string; userId: string }>;
  /** Every route the app registered, as registered (method, url, config). */
  routes: RouteOptions[];
  /** Adds a user straight to the database; one who answered the age question as an adult unless told. */
  createUser(values: NewUser): Promise<UserRow>;
  /** A fresh session for the user, without going through any sign-in route. */
  sessionCookie(userId: string): Promise<string>;
  /** Work `close` does first, before the app and its database go: a worker started on them. */
  beforeClose(stop: () => Promise<void>): void;
  close(): Promise<void>;
}

export const TEST_ADMIN_PASSWORD = 'correct-horse-battery-staple';

/** Where a test app keeps its files (media, uploads): a temporary folder, never the working tree. */
export const TEST_DATA_DIR = path.join(os.tmpdir(), 'hypercreate-test-data');

/** The first sign-in's age question, answered as an adult the way the studio stores it (no request). */
export async function answerAgeAsAdult(db: Db, userId: string): Promise<void> {
  const user = await findUserById(db, userId);
  if (user && !user.ageBand) await setAgeBand({ db, user, band: '18+' });
}

/** A whole API on a clean database with the seeded users, for app.inject tests. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    payments?: boolean;
    /** Where the app writes its log lines (info and above); none by default. */
    logStream?: NodeJS.WritableStream;
  } = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
  let billing: Billing | undefined;
  if (options.payments) {
    billing = (await startEmulatorBilling()).billing;
    await syncCatalog({ stripe: billing.stripe });
  }
  const settings = loadSettings({
    NODE_ENV: 'test',
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    DATA_DIR: TEST_DATA_DIR,
    ...env,
  });
  await seedUsers({ db: database.db });
  const routes: RouteOptions[] = [];
  const app = await buildApp({
    settings,
    database,
    billing,
    onRoute: (route) => void routes.push(route),
    logger: options.logStream ? { level: 'info', stream: options.logStream } : false,
  });
  await app.ready();
  const stops: (() => Promise<void>)[] = [];
  return {
    app,
    database,
    settings,
    billing,
    async signIn(discordName) {
      const response = await app.inject({ method: 'POST', url: '/api/auth/local', payload: { discordName } });
      if (response.statusCode !== 200)
        throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
      const cookie = response.cookies.find((c) => c.name === 'sid');
      const userId: string = response.json().user_id;
      await answerAgeAsAdult(database.db, userId);
      return { cookie: `sid=${cookie!.value}`, userId };
    },
    routes,
    async createUser(values) {
      return createUser(database.db, { ageBand: '18+', ...values });
    },
    async sessionCookie(userId) {
      const id = randomBytes(32).toString('base64url');
      await createSession(database.db, {
        idHash: hashSessionId(id),
        userId,
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      return `${SESSION_COOKIE}=${id}`;
    },
    beforeClose(stop) {
      stops.push(stop);
    },
    async close() {
      await Promise.all(stops.splice(0).map((stop) => stop()));
      await app.close();
      await database.close();
      await billing?.close();
    },
  };
}
