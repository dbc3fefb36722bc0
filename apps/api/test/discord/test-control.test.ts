import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exited, startServer } from '../recovery/server-process.ts';
import { type Harness, createHarness } from './harness.ts';
import { countUsers } from './queries.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const control = (
  method: 'GET' | 'POST',
  url: string,
  options: { from?: string; headers?: Record<string, string>; payload?: object } = {},
) =>
  h.app.inject({
    method,
    url: `/_discord/_test${url}`,
    remoteAddress: options.from ?? '127.0.0.1',
    headers: options.headers,
    payload: options.payload,
  });

describe('the Discord stand-in test control', () => {
  it('answers clients on this machine only: another address, or a proxied request, gets 404 and acts on nothing', async () => {
    expect((await control('GET', '/users')).statusCode).toBe(200);
    expect((await control('GET', '/users', { from: '::1' })).statusCode).toBe(200);

    const users = await countUsers(h.database);
    const asSomeone = {
      userId: h.emulator.seededUsers[0]!.id,
      channel: 'image-1',
      command: 'help',
      options: {},
    };
    for (const from of ['203.0.113.9', '10.0.0.4', '::ffff:192.168.1.20']) {
      for (const [method, url, payload] of [
        ['GET', '/users', undefined],
        ['POST', '/users', { id: '123456789012345678', username: 'intruder' }],
        ['POST', '/interactions', asSomeone],
        ['GET', '/holds', undefined],
      ] as const) {
        const response = await control(method, url, { from, payload });
        expect(response.statusCode, `${method} ${url} from ${from}`).toBe(404);
      }
    }
    const proxied: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.9' },
      { forwarded: 'for=203.0.113.9' },
    ];
    for (const headers of proxied) {
      expect((await control('GET', '/users', { headers })).statusCode).toBe(404);
    }
    const known = (await control('GET', '/users')).json().users.map((user: { id: string }) => user.id);
    expect(known).not.toContain('123456789012345678');
    expect(await countUsers(h.database)).toBe(users);
  });

  it('is not served when a real Discord application is configured', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'no-test-control-'));
    const server = startServer({
      DATA_DIR: dataDir,
      DISCORD_APPLICATION_ID: '100000000000000900',
      DISCORD_PUBLIC_KEY: 'ab'.repeat(32),
      DISCORD_BOT_TOKEN: 'bot-token',
    });
    try {
      const url = await server.url;
      // No stand-in at all: the path falls through to the web app (its page, or 404 without a
      // build), never to a control.
      const response = await fetch(`${url}/_discord/_test/users`);
      expect(response.headers.get('content-type') ?? '').not.toMatch(/json/);
      expect(await response.text()).not.toContain('"users"');
    } finally {
      server.child.kill('SIGTERM');
      await exited(server.child);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
