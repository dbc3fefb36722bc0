import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exited, request, startServer } from '../recovery/server-process.ts';

/*
 * The embedded default started as `npm start` does (HOST=localhost, no PUBLIC_URL): one address,
 * printed alike by the banner and the log, and a page opened under another loopback name of the
 * same port is sent to it, so payments (the emulator's pages, the session cookie, the page's
 * security policy) all happen on one origin.
 */

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'one-address-'));
let server: ChildProcess;
let output: () => string;
let port: number;

beforeAll(async () => {
  const started = startServer({ DATA_DIR: dataDir, HOST: 'localhost', LOG_LEVEL: 'info' });
  server = started.child;
  output = started.output;
  port = Number(new URL(await started.url).port);
}, 90_000);

afterAll(async () => {
  server.kill('SIGTERM');
  await exited(server);
  rmSync(dataDir, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) =>
  fetch(url, { headers: { accept: 'text/html,application/xhtml+xml', ...headers }, redirect: 'manual' });

describe('one address without PUBLIC_URL', () => {
  it('is the one the banner and the log print', () => {
    const own = `http://localhost:${port}`;
    expect(output()).toContain(`HyperCreate is running at ${own}\n`);
    const listening = output()
      .split('\n')
      .filter((line) => line.includes('Server listening at'));
    expect(listening.length).toBeGreaterThan(0);
    for (const line of listening) expect(line).toContain(`the app's address is ${own}`);
  });

  it('sends a page opened at 127.0.0.1 to it, path and query kept', async () => {
    const answer = await page(`http://127.0.0.1:${port}/credits?v=3.1`);
    expect(answer.status).toBe(308);
    expect(answer.headers.get('location')).toBe(`http://localhost:${port}/credits?v=3.1`);
    const there = await page(`http://localhost:${port}/credits?v=3.1`);
    expect(there.status).not.toBe(308);
  });

  it('never sends anyone to a Host header of their choosing, and leaves API calls alone', async () => {
    const foreign = await request(`http://127.0.0.1:${port}/credits`, {
      headers: { host: `evil.example:${port}`, accept: 'text/html' },
      from: '127.0.0.1',
    });
    expect(foreign.status).not.toBe(308);
    expect(foreign.headers.location ?? '').not.toContain('evil.example');
    const health = await fetch(`http://127.0.0.1:${port}/api/health`, { redirect: 'manual' });
    expect(health.status).toBe(200);
    const config = await fetch(`http://localhost:${port}/api/payment/config`);
    expect(((await config.json()) as { emulatorUrl: string }).emulatorUrl).toBe(
      `http://localhost:${port}/_stripe`,
    );
  });
});
