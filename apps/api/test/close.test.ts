import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestDatabase } from '@app/db/testing';
import { expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadSettings } from '../src/settings.ts';
import { TEST_ADMIN_PASSWORD, TEST_DATA_DIR } from './helpers.ts';

it('closes at once when a keep-alive request was still running as closing began', async () => {
  const database = await createTestDatabase();
  const settings = loadSettings({
    NODE_ENV: 'test',
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    DATA_DIR: TEST_DATA_DIR,
  });
  const app = await buildApp({ settings, database });
  let release = () => {};
  const running = new Promise<void>((started) => {
    app.get('/slow-for-test', async () => {
      started();
      await new Promise<void>((resolve) => (release = resolve));
      return { ok: true };
    });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  // A client that keeps its connections, as browsers, proxies and SDKs do.
  const agent = new http.Agent({ keepAlive: true });
  try {
    const answer = new Promise<http.IncomingMessage>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: '/slow-for-test', agent }, (response) => {
          response.resume();
          response.on('end', () => resolve(response));
        })
        .on('error', reject);
    });
    await running;
    const closed = app.close();
    // The request ends only once the server has stopped taking new connections.
    while (app.server.listening) await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    const response = await answer;
    expect(response.statusCode).toBe(200);
    expect(response.headers.connection).toBe('close');
    // Without the header the kept connection would hold the close open for the keep-alive timeout
    // (72 s), past this test's time limit.
    await closed;
  } finally {
    agent.destroy();
    await app.close();
    await database.close();
  }
});
