import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { type Database, createSession } from '@app/db';
import { createTestDatabase, findUserByName, rateLimitRows } from '@app/db/testing';
import { buildApp, type App } from '../../src/app.ts';
import { SESSION_COOKIE, hashSessionId } from '../../src/plugins/session.ts';
import { seedUsers } from '../../src/modules/users/seed-users.ts';
import { loadSettings } from '../../src/settings.ts';
import { TEST_ADMIN_PASSWORD, TEST_DATA_DIR } from '../helpers.ts';

// Two API processes behind one load balancer: two apps on the same database.
let database: Database;
let apps: App[];

beforeAll(async () => {
  database = await createTestDatabase();
  await seedUsers({ db: database.db });
  const settings = loadSettings({
    NODE_ENV: 'test',
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    DATA_DIR: TEST_DATA_DIR,
  });
  apps = [await buildApp({ settings, database }), await buildApp({ settings, database })];
  await Promise.all(apps.map((app) => app.ready()));
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await database.close();
});

const signIn = (app: App, discordName: string) =>
  app.inject({ method: 'POST', url: '/api/auth/local', payload: { discordName } });

describe('rate limits across processes', () => {
  it('shares the local sign-in limit (30 a minute) between two apps on one database', async () => {
    for (let i = 0; i < 30; i++) {
      const response = await signIn(apps[i % 2]!, `spread-${i}`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['x-ratelimit-remaining']).toBe(String(29 - i));
    }
    for (const app of apps) {
      const refused = await signIn(app, 'one-too-many');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('RATE_LIMITED');
      expect(refused.json().error.message).toMatch(/^Too many requests\. Try again in \d+ seconds?\.$/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
  });

  it('takes its budget from SIGN_IN_RATE_LIMIT', async () => {
    const other = await createTestDatabase();
    const app = await buildApp({
      settings: loadSettings({
        NODE_ENV: 'test',
        ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
        DATA_DIR: TEST_DATA_DIR,
        SIGN_IN_RATE_LIMIT: '3',
      }),
      database: other,
    });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await signIn(app, `budget-${i}`)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await app.close();
      await other.close();
    }
  });

  it('counts each route apart, in PostgreSQL', async () => {
    // The sign-in limit is used up above; another limited route still has its own full count.
    const admin = await findUserByName(database.db, 'admin');
    const id = randomBytes(32).toString('base64url');
    await createSession(database.db, {
      idHash: hashSessionId(id),
      userId: admin!.id,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const upload = await apps[1]!.inject({
      method: 'POST',
      url: '/api/changelog/upload',
      headers: { cookie: `${SESSION_COOKIE}=${id}` },
    });
    expect(upload.statusCode, upload.body).toBe(400);
    expect(upload.headers['x-ratelimit-remaining']).toBe('29');
    const keys = (await rateLimitRows(database.db)).map((row) => row.key);
    expect(keys.some((key) => key.includes('POST /api/auth/local'))).toBe(true);
    expect(keys.some((key) => key.includes('POST /api/changelog/upload'))).toBe(true);
  });
});
