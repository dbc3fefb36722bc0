import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SEEDED_USER_IDS } from '@app/discord-emulator';
import { priceOf } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exited, startServer } from '../recovery/server-process.ts';

/** The embedded default as `npm start` runs it on an empty data folder. */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fresh-start-'));
let server: ChildProcess;
let origin: string;

beforeAll(async () => {
  const started = startServer({ DATA_DIR: dataDir });
  server = started.child;
  origin = await started.url;
}, 90_000);

afterAll(async () => {
  server.kill('SIGTERM');
  await exited(server);
  rmSync(dataDir, { recursive: true, force: true });
});

async function account(discordName: string) {
  const signIn = await fetch(`${origin}/api/auth/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ discordName }),
  });
  const cookie = /sid=[^;]+/.exec(signIn.headers.get('set-cookie') ?? '')![0];
  const me = await fetch(`${origin}/api/auth/`, { headers: { cookie } });
  return (await me.json()) as { user_id: string; credits: number; hypercredits: number; discordname: string };
}

describe('a fresh embedded start', () => {
  it('charges the seeded member for a /make sent for its Discord id before any page visit', async () => {
    // The bot hears from the member's Discord id first: no sign-in, no channel page yet.
    const sent = await fetch(`${origin}/_discord/_test/interactions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        userId: SEEDED_USER_IDS.member,
        channel: 'image-1',
        command: 'make',
        options: { prompt: 'a red fox' },
      }),
    });
    const outcome = (await sent.json()) as { response?: { data?: { content?: string } } };
    expect(outcome.response?.data?.content).toContain('/make: Your request is queued');

    const member = await account('member');
    expect(member.credits).toBe(2500 - priceOf('make').credits);
    expect(member.hypercredits).toBe(50);
    const admin = await account('admin');
    expect(admin.hypercredits).toBe(150);
  }, 60_000);
});
