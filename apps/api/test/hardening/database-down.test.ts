import { spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { type Database, createDatabase } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app.ts';
import { loadSettings } from '../../src/settings.ts';
import { TEST_ADMIN_PASSWORD, TEST_DATA_DIR } from '../helpers.ts';
import { entryPointArgs } from '../entry-point.ts';

/*
 * The whole API while its PostgreSQL server cannot be reached (here: a loopback port nothing
 * listens on): callers get 503 SERVICE_UNAVAILABLE with Retry-After and nothing of the failure's
 * internals, and health answers 503 naming the database, so a load balancer routes away.
 */
let app: App;
let database: Database;
let port: number;

beforeAll(async () => {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  const url = `postgres://app:s3cret@127.0.0.1:${port}/hypercreate`;
  database = createDatabase({ databaseUrl: url });
  const settings = loadSettings({
    NODE_ENV: 'test',
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    DATA_DIR: TEST_DATA_DIR,
    DATABASE_URL: url,
  });
  app = await buildApp({ settings, database });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const unavailable = (response: Awaited<ReturnType<App['inject']>>) => {
  expect(response.statusCode, response.body).toBe(503);
  expect(response.headers['retry-after']).toBe('5');
  expect(response.json()).toEqual({
    error: {
      code: 'SERVICE_UNAVAILABLE',
      message: 'The service is briefly unavailable. Please try again in a few seconds.',
    },
  });
  for (const secret of ['ECONNREFUSED', String(port), 's3cret', 'select', 'sessions'])
    expect(response.body).not.toContain(secret);
};

describe('the API without its database', () => {
  it('answers a signed-in call, a sign-in and a job submission with 503 and Retry-After', async () => {
    unavailable(await app.inject({ url: '/api/jobs?mine=true', headers: { cookie: 'sid=abc' } }));
    unavailable(
      await app.inject({ method: 'POST', url: '/api/auth/local', payload: { discordName: 'someone' } }),
    );
    unavailable(
      await app.inject({
        method: 'POST',
        url: '/api/jobs',
        headers: { cookie: 'sid=abc' },
        payload: { command: 'make', options: { prompt: 'a boat' } },
      }),
    );
  });

  it('says in its health that the database is down, with 503 and Retry-After', async () => {
    const response = await app.inject('/api/health');
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toMatchObject({ status: 'degraded', database: 'down' });
  });
});

describe('starting the API without its database', () => {
  it('waits for it within DATABASE_WAIT_SECONDS, then exits non-zero with one clear line', async () => {
    const server = fileURLToPath(new URL('../../src/server.ts', import.meta.url));
    const child = spawn(process.execPath, entryPointArgs(server), {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: TEST_DATA_DIR,
        DATABASE_URL: `postgres://app:s3cret@127.0.0.1:${port}/hypercreate`,
        DATABASE_WAIT_SECONDS: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output.trim().split('\n')).toEqual([
      `waiting for the database at 127.0.0.1:${port}/hypercreate (ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:${port}); retrying for up to 1 s`,
      `Failed to start: The database at 127.0.0.1:${port}/hypercreate did not answer within 1 s (ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:${port}).`,
    ]);
  }, 30_000);
});
