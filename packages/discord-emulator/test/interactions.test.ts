import { DiscordAPIError } from '@discordjs/rest';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { SEEDED_USER_IDS } from '../src/index.ts';
import { MAKE_COMMAND, button, row, setup, type Setup, type Json } from './helpers.ts';

let s: Setup;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAADCAYAAAC56t6BAAAAEklEQVR4nGNgYGD4z8DAwMAAAA0ABWbDvk4AAAAASUVORK5CYII=',
  'base64',
);

beforeAll(async () => {
  s = await setup();
  await s.api.applicationCommands.bulkOverwriteGlobalCommands(s.emulator.applicationId, [MAKE_COMMAND]);
});
afterAll(async () => {
  await s.emulator.close();
  await s.app.close();
});
beforeEach(() => {
  s.app.handler = () => undefined;
  s.clock.offset = 0;
});

const run = (
  options: Record<string, unknown> = { prompt: 'a cat' },
  channel = 'image-1',
  userId = SEEDED_USER_IDS.member,
) => s.control('/_test/interactions', { userId, channel, command: 'make', options });

async function apiError(p: Promise<unknown>): Promise<DiscordAPIError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DiscordAPIError);
  return err as DiscordAPIError;
}

it('signs a slash command with its Ed25519 key and sends the discord-api-types shape', async () => {
  s.app.handler = () => ({ type: 4, data: { content: 'ok' } });
  const { body } = await run({
    prompt: 'a cat',
    count: 2,
    image: { filename: 'cat.png', contentType: 'image/png', base64: PNG.toString('base64') },
  });
  const got = s.app.received.at(-1)!;
  expect(got.validSignature).toBe(true);
  const i = got.body as Record<string, Json>;
  expect(i).toMatchObject({
    type: 2,
    version: 1,
    application_id: s.emulator.applicationId,
    guild_id: expect.any(String),
    channel_id: expect.any(String),
    locale: 'en-US',
    app_permissions: expect.any(String),
    context: 0,
  });
  expect(i.member.user).toMatchObject({ id: SEEDED_USER_IDS.member, username: 'member' });
  expect(i.channel.name).toBe('image-1');
  expect(i.data.name).toBe('make');
  expect(i.data.options).toEqual([
    { type: 3, name: 'prompt', value: 'a cat' },
    { type: 4, name: 'count', value: 2 },
    { type: 11, name: 'image', value: expect.any(String) },
  ]);
  const att = i.data.resolved.attachments[i.data.options[2].value];
  expect(att).toMatchObject({
    filename: 'cat.png',
    content_type: 'image/png',
    size: PNG.length,
    width: 2,
    height: 3,
    ephemeral: true,
  });
  const file = await fetch(att.url);
  expect(Buffer.from(await file.arrayBuffer())).toEqual(PNG);
  expect(body.response).toEqual({ type: 4, data: { content: 'ok' } });
});

it('refuses unknown options and commands before anything is sent', async () => {
  const n = s.app.received.length;
  expect((await run({ prompt: 'x', colour: 'red' })).body).toEqual({
    error: { code: 'unknown_option', message: 'Unknown option "colour".' },
  });
  expect((await run({})).status).toBe(400);
  expect((await run({ prompt: 'x', count: 3 })).body.error).toMatchObject({ code: 'invalid_option' });
  expect(s.app.received.length).toBe(n);
});

it('answers through the callback route, then 40060 on a second answer; ephemeral flag kept', async () => {
  s.app.handler = async (i) => {
    await s.api.interactions.reply(String(i.id), String(i.token), { content: 'only you', flags: 64 });
    const err = await apiError(s.api.interactions.reply(String(i.id), String(i.token), { content: 'again' }));
    expect([err.status, err.code, err.message]).toEqual([
      400,
      40060,
      'Interaction has already been acknowledged.',
    ]);
    return undefined;
  };
  const { body } = await run();
  expect(body.error).toBeUndefined();
  const msgs = (await s.control('/_test/channels/image-1/messages')).body.messages as Record<string, Json>[];
  expect(msgs.at(-1)).toMatchObject({
    content: 'only you',
    flags: 64,
    type: 20,
    interaction_metadata: { user: { id: SEEDED_USER_IDS.member } },
  });
});

it('defers, edits, reads and deletes the original, and posts, edits and deletes follow-ups', async () => {
  let ids: { id: string; token: string } = { id: '', token: '' };
  s.app.handler = (i) => {
    ids = { id: String(i.id), token: String(i.token) };
    return { type: 5 };
  };
  await run();
  const app = s.emulator.applicationId;
  const loading = await s.api.interactions.getOriginalReply(app, ids.token);
  expect(loading.flags! & 128).toBe(128);
  const edited = await s.api.interactions.editReply(app, ids.token, {
    content: 'done',
    files: [{ name: 'out.png', data: PNG, contentType: 'image/png' }],
  });
  expect(edited.content).toBe('done');
  expect(edited.flags! & 128).toBe(0);
  expect(Buffer.from(await (await fetch(edited.attachments[0]!.url)).arrayBuffer())).toEqual(PNG);
  const follow = await s.api.interactions.followUp(app, ids.token, {
    content: 'more',
    components: [row(button('again'))] as never,
  });
  // A follow-up names the interaction it came from, as every message sent through one does.
  expect(follow.interaction_metadata?.id).toBe(ids.id);
  expect(follow.webhook_id).toBe(app);
  expect((await s.api.interactions.editReply(app, ids.token, { content: 'more!' }, follow.id)).content).toBe(
    'more!',
  );
  await s.api.interactions.deleteReply(app, ids.token, follow.id);
  await s.api.interactions.deleteReply(app, ids.token);
  const err = await apiError(s.api.interactions.getOriginalReply(app, ids.token));
  expect([err.status, err.code]).toEqual([404, 10008]);
  const left = (await s.control('/_test/channels/image-1/messages')).body.messages as { id: string }[];
  expect(left.some((m) => m.id === edited.id || m.id === follow.id)).toBe(false);
});

it('fails an interaction nobody answers within 3 s; a late answer gets 10062', async () => {
  let late: Promise<unknown> = Promise.resolve();
  s.app.handler = (i) =>
    new Promise((resolve) => {
      late = new Promise((r) => setTimeout(r, 3300)).then(() =>
        s.api.interactions.reply(String(i.id), String(i.token), { content: 'late' }),
      );
      void late.catch(() => undefined).then(() => resolve(undefined));
    });
  const started = Date.now();
  const { body } = await run({ prompt: 'slow' }, 'image-2');
  expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
  expect(body.error).toMatch(/did not respond/);
  const err = await apiError(late);
  expect([err.status, err.code, err.message]).toEqual([404, 10062, 'Unknown interaction']);
  expect((await s.control('/_test/channels/image-2/messages')).body.messages).toEqual([]);
}, 10_000);

it('expires the interaction token after 15 minutes (50027)', async () => {
  let token = '';
  s.app.handler = (i) => {
    token = String(i.token);
    return { type: 4, data: { content: 'hi' } };
  };
  await run();
  const app = s.emulator.applicationId;
  await s.api.interactions.editReply(app, token, { content: 'still fine' });
  s.clock.offset = 15 * 60 * 1000 + 1000;
  const err = await apiError(s.api.interactions.editReply(app, token, { content: 'too late' }));
  expect([err.status, err.code, err.message]).toEqual([401, 50027, 'Invalid Webhook Token']);
  expect((await apiError(s.api.interactions.followUp(app, token, { content: 'x' }))).code).toBe(50027);
});

it('clicks a button (type 3), answers with a modal (type 9), submits it (type 5) and updates the message (type 7)', async () => {
  s.app.handler = (i) => {
    if (i.type === 2) return { type: 4, data: { content: 'pick', components: [row(button('open'))] } };
    if (i.type === 3)
      return {
        type: 9,
        data: {
          custom_id: 'name',
          title: 'Name it',
          components: [row({ type: 4, custom_id: 'title', style: 1, label: 'Title' })],
        },
      };
    return {
      type: 7,
      data: { content: `named ${(i.data as Json).components[0].components[0].value}`, components: [] },
    };
  };
  await run({ prompt: 'x' }, 'image-3');
  const [msg] = (await s.control('/_test/channels/image-3/messages')).body.messages as Record<string, Json>[];
  const click = await s.control('/_test/components', {
    userId: SEEDED_USER_IDS.member,
    messageId: msg!.id,
    customId: 'open',
  });
  const sent = click.body.interaction as Record<string, Json>;
  expect(sent).toMatchObject({
    type: 3,
    data: { custom_id: 'open', component_type: 2 },
    message: { id: msg!.id },
  });
  expect((click.body.response as Json).type).toBe(9);
  const submit = await s.control('/_test/modals', {
    userId: SEEDED_USER_IDS.member,
    customId: 'name',
    values: { title: 'Felix' },
  });
  expect(submit.body.interaction).toMatchObject({
    type: 5,
    data: {
      custom_id: 'name',
      components: [{ type: 1, components: [{ type: 4, custom_id: 'title', value: 'Felix' }] }],
    },
  });
  const after = (await s.control('/_test/channels/image-3/messages')).body.messages as Record<string, Json>[];
  expect(after).toHaveLength(1);
  expect(after[0]).toMatchObject({ id: msg!.id, content: 'named Felix', components: [] });
});

it('sends a copy with a bad signature when asked, and notices an app that accepts it', async () => {
  const t = await setup({ invalidSignatureRate: 1 });
  try {
    await t.api.applicationCommands.bulkOverwriteGlobalCommands(t.emulator.applicationId, [MAKE_COMMAND]);
    t.app.handler = () => ({ type: 4, data: { content: 'ok' } });
    await t.control('/_test/interactions', {
      userId: SEEDED_USER_IDS.free,
      channel: 'music',
      command: 'make',
      options: { prompt: 'x' },
    });
    expect(t.app.received.map((r) => r.validSignature)).toEqual([false, true]);
    expect(t.emulator.acceptedBadSignatures).toEqual([]);
    t.app.acceptAll = true;
    const { body } = await t.control('/_test/interactions', {
      userId: SEEDED_USER_IDS.free,
      channel: 'music',
      command: 'make',
      options: { prompt: 'y' },
    });
    expect(t.emulator.acceptedBadSignatures).toEqual([(body.interaction as Json).id]);
  } finally {
    await t.emulator.close();
    await t.app.close();
  }
});

it('answers with_response=true with the created message, and refuses a callback type the interaction cannot take', async () => {
  let result: Json = null;
  let wrong: DiscordAPIError | null = null;
  s.app.handler = async (i) => {
    wrong = await apiError(
      s.api.interactions.updateMessage(String(i.id), String(i.token), { content: 'no message to update' }),
    );
    result = await s.api.interactions.reply(String(i.id), String(i.token), {
      content: 'made',
      with_response: true,
    });
    return undefined;
  };
  await run({ prompt: 'x' }, 'image-5');
  expect([wrong!.status, wrong!.code]).toEqual([400, 50035]);
  expect(result).toMatchObject({
    interaction: { type: 2 },
    resource: { type: 4, message: { content: 'made' } },
  });
  const msgs = await s.control('/_test/channels/image-5/messages');
  expect((msgs.body.messages as Json[]).map((m) => m.id)).toEqual([result.resource.message.id]);
});
