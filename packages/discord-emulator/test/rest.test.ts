import { DiscordAPIError, RateLimitError } from '@discordjs/rest';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { GUILD_ID, SEEDED_USER_IDS } from '../src/index.ts';
import { MAKE_COMMAND, button, row, setup, type Setup, type Json } from './helpers.ts';

let s: Setup;
let channelId = '';

beforeAll(async () => {
  s = await setup({ rateLimit: { limit: 50, windowMs: 1000 } });
  const ch = (await s.control('/_test/channels/image-4/messages')).status;
  expect(ch).toBe(200);
  const list = await fetch(`${s.emulator.url}/_test/users`);
  expect(list.status).toBe(200);
  channelId = await channelIdOf('image-4');
});
afterAll(async () => {
  await s.emulator.close();
  await s.app.close();
});

async function channelIdOf(name: string): Promise<string> {
  s.app.handler = (i) => ({ type: 4, data: { content: String(i.channel_id) } });
  await s.api.applicationCommands.bulkOverwriteGlobalCommands(s.emulator.applicationId, [MAKE_COMMAND]);
  const { body } = await s.control('/_test/interactions', {
    userId: SEEDED_USER_IDS.admin,
    channel: name,
    command: 'make',
    options: { prompt: 'x' },
  });
  return String((body.interaction as { channel_id: string }).channel_id);
}

async function apiError(p: Promise<unknown>): Promise<DiscordAPIError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DiscordAPIError);
  return err as DiscordAPIError;
}

const messages = async (name: string) =>
  (await s.control(`/_test/channels/${name}/messages`)).body.messages as Record<string, Json>[];

it('bulk-overwrites and lists global commands, keeping ids of commands that stay', async () => {
  const app = s.emulator.applicationId;
  const first = await s.api.applicationCommands.bulkOverwriteGlobalCommands(app, [
    MAKE_COMMAND,
    { name: 'video', description: 'Make a video' },
  ]);
  const second = await s.api.applicationCommands.bulkOverwriteGlobalCommands(app, [MAKE_COMMAND]);
  expect(second[0]!.id).toBe(first[0]!.id);
  expect((await s.api.applicationCommands.getGlobalCommands(app)).map((c) => c.name)).toEqual(['make']);
  const err = await apiError(
    s.api.applicationCommands.bulkOverwriteGlobalCommands(app, [{ name: 'Bad Name', description: '' }]),
  );
  expect([err.status, err.code]).toEqual([400, 50035]);
  expect(Object.keys((err.rawError as { errors: object }).errors)).toEqual(['0']);
});

it('creates, edits and deletes channel messages with files served from their attachment URLs', async () => {
  const data = Buffer.from('RIFF....WAVEfmt audio bytes');
  const msg = await s.api.channels.createMessage(channelId, {
    content: 'here',
    files: [{ name: 'a.wav', data, contentType: 'audio/wav' }],
  });
  expect(msg).toMatchObject({
    content: 'here',
    channel_id: channelId,
    author: { id: s.emulator.applicationId, bot: true },
  });
  const file = await fetch(msg.attachments[0]!.url);
  expect(file.headers.get('content-type')).toBe('audio/wav');
  expect(Buffer.from(await file.arrayBuffer())).toEqual(data);
  const part = await fetch(msg.attachments[0]!.url, { headers: { range: 'bytes=4-7' } });
  expect([part.status, part.headers.get('content-range'), await part.text()]).toEqual([
    206,
    `bytes 4-7/${data.length}`,
    '....',
  ]);
  const edited = await s.api.channels.editMessage(channelId, msg.id, { content: 'edited', attachments: [] });
  expect(edited).toMatchObject({ content: 'edited', attachments: [], edited_timestamp: expect.any(String) });
  await s.api.channels.deleteMessage(channelId, msg.id);
  expect((await messages('image-4')).some((m) => m.id === msg.id)).toBe(false);
  expect((await apiError(s.api.channels.deleteMessage(channelId, msg.id))).code).toBe(10008);
  expect((await apiError(s.api.channels.createMessage('1', { content: 'x' }))).code).toBe(10003);
});

it('refuses what Discord refuses: long content, too many rows or buttons, long custom ids, big files, empty messages', async () => {
  const cases: [Record<string, unknown>, string][] = [
    [{ content: 'x'.repeat(2001) }, 'content'],
    [{ components: Array.from({ length: 6 }, (_, i) => row(button(`b${i}`))) }, 'components'],
    [
      { components: [row(...Array.from({ length: 6 }, (_, i) => button(`b${i}`)))] },
      'components.0.components',
    ],
    [{ components: [row(button('x'.repeat(101)))] }, 'components.0.components.0.custom_id'],
  ];
  for (const [body, path] of cases) {
    const err = await apiError(s.api.channels.createMessage(channelId, body));
    expect([err.status, err.code, (err.rawError as { message: string }).message]).toEqual([
      400,
      50035,
      'Invalid Form Body',
    ]);
    let node = (err.rawError as { errors: Record<string, Json> }).errors;
    for (const k of path.split('.')) node = node[k];
    expect(node._errors[0].code).toBe('BASE_TYPE_MAX_LENGTH');
  }
  expect(await s.api.channels.createMessage(channelId, { content: 'x'.repeat(2000) })).toBeTruthy();
  const big = await apiError(
    s.api.channels.createMessage(channelId, {
      files: [{ name: 'big.bin', data: Buffer.alloc(10 * 1024 * 1024 + 1) }],
    }),
  );
  expect([big.status, big.code]).toEqual([413, 40005]);
  const empty = await apiError(s.api.channels.createMessage(channelId, { content: '' }));
  expect([empty.status, empty.code]).toEqual([400, 50006]);
});

it('computes mentions as allowed_mentions allows', async () => {
  const content = `<@${SEEDED_USER_IDS.member}> and <@${SEEDED_USER_IDS.free}> @everyone`;
  const all = await s.api.channels.createMessage(channelId, { content });
  expect(all.mentions.map((u) => u.id).sort()).toEqual([SEEDED_USER_IDS.member, SEEDED_USER_IDS.free].sort());
  expect(all.mention_everyone).toBe(true);
  const one = await s.api.channels.createMessage(channelId, {
    content,
    allowed_mentions: { users: [SEEDED_USER_IDS.free] },
  });
  expect(one.mentions.map((u) => u.id)).toEqual([SEEDED_USER_IDS.free]);
  expect(one.mention_everyone).toBe(false);
  const none = await s.api.channels.createMessage(channelId, { content, allowed_mentions: { parse: [] } });
  expect(none.mentions).toEqual([]);
});

it('opens DMs and delivers messages there', async () => {
  const dm = await s.api.users.createDM(SEEDED_USER_IDS.free);
  expect(dm).toMatchObject({ type: 1, recipients: [{ id: SEEDED_USER_IDS.free }] });
  expect((await s.api.users.createDM(SEEDED_USER_IDS.free)).id).toBe(dm.id);
  await s.api.channels.createMessage(dm.id, { content: 'your image is ready' });
  const { body } = await s.control(`/_test/dms/${SEEDED_USER_IDS.free}`);
  expect((body.messages as { content: string }[]).map((m) => m.content)).toEqual(['your image is ready']);
  expect((await apiError(s.api.users.createDM('123456789012345678'))).code).toBe(10013);
});

it('answers 401 without the bot token', async () => {
  const { api } = s.client();
  const bad = s.client().rest.setToken('not-the-token');
  void api;
  const err = await apiError(bad.post(`/channels/${channelId}/messages`, { body: { content: 'x' } }));
  expect([err.status, err.code, err.message]).toEqual([401, 0, '401: Unauthorized']);
  const raw = await fetch(`${s.emulator.url}/api/v10/applications/${s.emulator.applicationId}/commands`);
  expect(raw.status).toBe(401);
});

it('rate-limits a hammered route: headers on every answer, then 429 with retry_after', async () => {
  const t = await setup({ rateLimit: { limit: 3, windowMs: 2000 } });
  try {
    const ch = (await t.api.users.createDM(SEEDED_USER_IDS.member)).id;
    const send = () =>
      fetch(`${t.emulator.url}/api/v10/channels/${ch}/messages`, {
        method: 'POST',
        headers: { authorization: `Bot ${t.emulator.botToken}`, 'content-type': 'application/json' },
        body: '{"content":"spam"}',
      });
    const first = await send();
    expect(first.headers.get('x-ratelimit-limit')).toBe('3');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('2');
    expect(Number(first.headers.get('x-ratelimit-reset-after'))).toBeGreaterThan(0);
    expect(first.headers.get('x-ratelimit-bucket')).toMatch(/^[0-9a-f]+$/);
    await send();
    await send();
    const limited = await send();
    expect(limited.status).toBe(429);
    const body = (await limited.json()) as { retry_after: number; global: boolean; message: string };
    expect(body).toMatchObject({ message: 'You are being rate limited.', global: false });
    expect(body.retry_after).toBeGreaterThan(0);
    expect(limited.headers.get('x-ratelimit-scope')).toBe('user');
    // A second bot process that has not seen the headers gets the 429 through the library.
    const other = t.client({ rejectOnRateLimit: () => true });
    const err = await other.api.channels.createMessage(ch, { content: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitError);
    expect((err as RateLimitError).retryAfter).toBeGreaterThan(0);
    // The library that saw the headers waits for the window instead of failing.
    const waited = await t.api.channels.createMessage(ch, { content: 'after the window' });
    expect(waited.content).toBe('after the window');
  } finally {
    await t.emulator.close();
    await t.app.close();
  }
});

it('with nonce and enforce_nonce, returns the message the bot created with that nonce in the past few minutes', async () => {
  const before = (await messages('image-4')).length;
  const first = (await s.api.channels.createMessage(channelId, {
    content: 'result',
    nonce: 'job-0042',
    enforce_nonce: true,
  })) as { id: string; nonce?: string };
  expect(first.nonce).toBe('job-0042');
  const again = await s.api.channels.createMessage(channelId, {
    content: 'result',
    nonce: 'job-0042',
    enforce_nonce: true,
  });
  expect(again.id).toBe(first.id);
  expect((await messages('image-4')).length).toBe(before + 1);
  // Without enforce_nonce, the nonce is only echoed back: a new message.
  const unenforced = await s.api.channels.createMessage(channelId, { content: 'result', nonce: 'job-0042' });
  expect(unenforced.id).not.toBe(first.id);
  // Minutes later the nonce is forgotten.
  s.clock.offset += 6 * 60_000;
  try {
    const later = await s.api.channels.createMessage(channelId, {
      content: 'result',
      nonce: 'job-0042',
      enforce_nonce: true,
    });
    expect(later.id).not.toBe(first.id);
    await s.api.channels.deleteMessage(channelId, later.id);
  } finally {
    s.clock.offset -= 6 * 60_000;
  }
  const long = await apiError(
    s.api.channels.createMessage(channelId, { content: 'x', nonce: 'n'.repeat(26) }),
  );
  expect([long.status, long.code]).toEqual([400, 50035]);
  expect(Object.keys((long.rawError as { errors: object }).errors)).toEqual(['nonce']);
});

it('lists channel messages newest first, after or before a message, up to the limit', async () => {
  const posted = [];
  for (const content of ['one', 'two', 'three'])
    posted.push(await s.api.channels.createMessage(channelId, { content }));
  const after = await s.api.channels.getMessages(channelId, { after: posted[0]!.id, limit: 100 });
  expect(after.map((m) => m.content)).toEqual(['three', 'two']);
  const before = await s.api.channels.getMessages(channelId, { before: posted[2]!.id, limit: 1 });
  expect(before.map((m) => m.content)).toEqual(['two']);
  expect((await s.api.channels.getMessages(channelId, { limit: 2 })).map((m) => m.content)).toEqual([
    'three',
    'two',
  ]);
  const bad = await apiError(s.api.channels.getMessages(channelId, { limit: 101 }));
  expect([bad.status, bad.code]).toEqual([400, 50035]);
  expect((await apiError(s.api.channels.getMessages('1'))).code).toBe(10003);
});

it('test control holds a REST request before Discord acts on it, or after it acted and before it answers, or fails it after acting', async () => {
  const hold = async (stage: string) =>
    (await s.control('/_test/holds', { method: 'POST', path: '^/channels/\\d+/messages$', stage })).body
      .id as number;
  const held = async () => ((await s.control('/_test/holds')).body.held as { id: number }[]).map((h) => h.id);
  const release = (id: number) => fetch(`${s.emulator.url}/_test/holds?id=${id}`, { method: 'DELETE' });
  const count = async () => (await messages('image-4')).length;
  const before = await count();

  const after = await hold('response');
  const answered = s.api.channels.createMessage(channelId, { content: 'held after' });
  await vi.waitFor(async () => expect(await held()).toEqual([after]));
  expect(await count()).toBe(before + 1);
  await release(after);
  expect((await answered).content).toBe('held after');

  const first = await hold('request');
  const pending = s.api.channels.createMessage(channelId, { content: 'held before' });
  await vi.waitFor(async () => expect(await held()).toEqual([first]));
  expect(await count()).toBe(before + 1);
  await release(first);
  expect((await pending).content).toBe('held before');
  expect(await count()).toBe(before + 2);
  expect(await held()).toEqual([]);

  await hold('fail');
  // @discordjs/rest reports a 5xx as an HTTPError with its status.
  await expect(
    s.api.channels.createMessage(channelId, { content: 'done, then failed' }),
  ).rejects.toMatchObject({
    status: 500,
  });
  expect((await messages('image-4')).some((m) => m.content === 'done, then failed')).toBe(true);
  expect((await s.control('/_test/holds', { method: 'POST', path: 'x', stage: 'later' })).status).toBe(400);
});

it("lists the guild's channels, the horror ones age-restricted, and interactions there say so", async () => {
  const channels = await s.api.guilds.getChannels(GUILD_ID);
  const byName = new Map(channels.map((channel) => [channel.name, channel]));
  expect(byName.get('image-4')!.id).toBe(channelId);
  expect(
    channels.filter((channel) => 'nsfw' in channel && channel.nsfw).map((channel) => channel.name),
  ).toEqual(['image-horror', 'video-horror']);
  expect((await apiError(s.api.guilds.getChannels('100000000000000999'))).code).toBe(10004);

  s.app.handler = () => ({ type: 4, data: { content: 'ok' } });
  const { body } = await s.control('/_test/interactions', {
    userId: SEEDED_USER_IDS.admin,
    channel: 'video-horror',
    command: 'make',
    options: { prompt: 'x' },
  });
  expect((body.interaction as { channel: { nsfw: boolean } }).channel.nsfw).toBe(true);
});
