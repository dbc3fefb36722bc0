import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { SEEDED_USER_IDS, createDiscordEmulator, startDiscordEmulator } from '../src/index.ts';
import { MAKE_COMMAND, setup, type Json } from './helpers.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

it('refuses to run when NODE_ENV=production', () => {
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    expect(() => createDiscordEmulator()).toThrow(/NODE_ENV=production/);
  } finally {
    process.env.NODE_ENV = before;
  }
});

it('keeps keys, commands, messages and files in its data dir across restarts', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'discord-emulator-'));
  dirs.push(dataDir);
  const first = await setup({ dataDir });
  await first.api.applicationCommands.bulkOverwriteGlobalCommands(first.emulator.applicationId, [
    MAKE_COMMAND,
  ]);
  const dm = await first.api.users.createDM(SEEDED_USER_IDS.admin);
  const sent = await first.api.channels.createMessage(dm.id, {
    content: 'kept',
    files: [{ name: 'a.txt', data: Buffer.from('hello') }],
  });
  const keys = { ...first.emulator.keys };
  await first.emulator.close();
  await first.app.close();

  const again = await startDiscordEmulator({ dataDir });
  try {
    expect(again.keys).toEqual(keys);
    const dms = (await (await fetch(`${again.url}/_test/dms/${SEEDED_USER_IDS.admin}`)).json()) as Json;
    expect(dms.messages.map((m: Json) => m.content)).toEqual(['kept']);
    const url = sent.attachments[0]!.url.replace(/^http:\/\/[^/]+/, again.url);
    expect(await (await fetch(url)).text()).toBe('hello');
    const cmds = await fetch(`${again.url}/api/v10/applications/${again.applicationId}/commands`, {
      headers: { authorization: `Bot ${again.botToken}` },
    });
    expect(((await cmds.json()) as Json[]).map((c) => c.name)).toEqual(['make']);
  } finally {
    await again.close();
  }
});

it('lists the seeded users with fixed ids, and sends DM interactions with user instead of member', async () => {
  const s = await setup();
  try {
    const users = (await s.control('/_test/users')).body.users as Json[];
    expect(users.map((u) => [u.username, u.id])).toEqual([
      ['admin', SEEDED_USER_IDS.admin],
      ['member', SEEDED_USER_IDS.member],
      ['free', SEEDED_USER_IDS.free],
    ]);
    await s.api.applicationCommands.bulkOverwriteGlobalCommands(s.emulator.applicationId, [MAKE_COMMAND]);
    const dm = await s.api.users.createDM(SEEDED_USER_IDS.free);
    s.app.handler = () => ({ type: 4, data: { content: 'in your DMs' } });
    const { body } = await s.control('/_test/interactions', {
      userId: SEEDED_USER_IDS.free,
      channel: dm.id,
      command: '/make',
      options: { prompt: 'x' },
    });
    const i = body.interaction as Json;
    expect(i).toMatchObject({ context: 1, user: { id: SEEDED_USER_IDS.free }, channel: { type: 1 } });
    expect(i.member).toBeUndefined();
    expect(i.guild_id).toBeUndefined();
    const other = await s.control('/_test/interactions', {
      userId: SEEDED_USER_IDS.member,
      channel: dm.id,
      command: 'make',
      options: { prompt: 'x' },
    });
    expect(other.status).toBe(404);
  } finally {
    await s.emulator.close();
    await s.app.close();
  }
});

it('standalone, the page acts as the user picked in it', async () => {
  const e = await startDiscordEmulator();
  try {
    const state = (await (await fetch(`${e.url}/app/api/state`)).json()) as Json;
    expect(state).toMatchObject({ me: null, picker: true });
    expect(state.channels.map((c: Json) => c.name)).toContain('video-horror');
    const pick = await fetch(`${e.url}/app/api/me`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: SEEDED_USER_IDS.member }),
    });
    const cookie = pick.headers.get('set-cookie')!.split(';')[0]!;
    const me = (await (await fetch(`${e.url}/app/api/state`, { headers: { cookie } })).json()) as Json;
    expect(me.me).toMatchObject({ id: SEEDED_USER_IDS.member, username: 'member' });
    const html = await (await fetch(`${e.url}/app`)).text();
    expect(html).not.toMatch(/<script>|<script [^>]*>[^<]+<\/script>|\son[a-z]+=/);
  } finally {
    await e.close();
  }
});

it('runs alone from the CLI and prints its keys', async () => {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/cli.ts', '--port', '0', '--invalid-signature-rate', '0', '--test-control'],
    {
      cwd: join(import.meta.dirname, '..'),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  try {
    let out = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        if (out.includes('DISCORD_BOT_TOKEN:')) resolve();
      });
      child.on('exit', () => reject(new Error(`exited: ${out}`)));
    });
    expect(out).toMatch(/DISCORD_PUBLIC_KEY: [0-9a-f]{64}/);
    expect(out).toMatch(/DISCORD_APPLICATION_ID: \d+/);
    const url = /URL: (\S+)/.exec(out)![1]!;
    expect((await fetch(`${url}/_test/users`)).status).toBe(200);
  } finally {
    child.kill('SIGTERM');
  }
});

it('shows an ephemeral answer on the page only to the user who ran the command', async () => {
  const s = await setup();
  try {
    await s.api.applicationCommands.bulkOverwriteGlobalCommands(s.emulator.applicationId, [MAKE_COMMAND]);
    s.app.handler = () => ({ type: 4, data: { content: 'just for you', flags: 64 } });
    const { body } = await s.control('/_test/interactions', {
      userId: SEEDED_USER_IDS.member,
      channel: 'speech',
      command: 'make',
      options: { prompt: 'x' },
    });
    const channelId = (body.interaction as Json).channel_id as string;
    const seen = async (userId: string) => {
      const pick = await fetch(`${s.emulator.url}/app/api/me`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userId }),
      });
      const cookie = pick.headers.get('set-cookie')!.split(';')[0]!;
      const res = await fetch(`${s.emulator.url}/app/api/channels/${channelId}/messages`, {
        headers: { cookie },
      });
      return ((await res.json()) as Json).messages.map((m: Json) => m.content);
    };
    expect(await seen(SEEDED_USER_IDS.member)).toEqual(['just for you']);
    expect(await seen(SEEDED_USER_IDS.admin)).toEqual([]);
  } finally {
    await s.emulator.close();
    await s.app.close();
  }
});
