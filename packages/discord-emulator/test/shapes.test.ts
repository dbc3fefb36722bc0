import type {
  APIChatInputApplicationCommandInteraction,
  APIMessage,
  APIMessageComponentInteraction,
} from 'discord-api-types/v10';
import { afterAll, beforeAll, expect, expectTypeOf, it } from 'vitest';
import { SEEDED_USER_IDS } from '../src/index.ts';
import { apiMember } from '../src/payloads.ts';
import { MAKE_COMMAND, button, row, setup, type Setup } from './helpers.ts';

let s: Setup;
beforeAll(async () => {
  s = await setup();
  await s.api.applicationCommands.bulkOverwriteGlobalCommands(s.emulator.applicationId, [MAKE_COMMAND]);
});
afterAll(async () => {
  await s.emulator.close();
  await s.app.close();
});

// The builders' static types must fit discord-api-types, so the bot can type what it receives.
expectTypeOf<ReturnType<typeof apiMember>>().toExtend<
  APIChatInputApplicationCommandInteraction['member'] & object
>();

it('sends every key discord-api-types marks as required on guild interactions', async () => {
  s.app.handler = (i) =>
    i.type === 2 ? { type: 4, data: { content: 'x', components: [row(button('b'))] } } : { type: 6 };
  const cmd = (
    await s.control('/_test/interactions', {
      userId: SEEDED_USER_IDS.member,
      channel: 'lipsync',
      command: 'make',
      options: { prompt: 'p' },
    })
  ).body.interaction as APIChatInputApplicationCommandInteraction;
  const required: (keyof APIChatInputApplicationCommandInteraction)[] = [
    'id',
    'application_id',
    'type',
    'data',
    'token',
    'version',
    'app_permissions',
    'locale',
    'entitlements',
    'authorizing_integration_owners',
    'attachment_size_limit',
    'channel',
    'channel_id',
    'guild_id',
    'member',
    'guild_locale',
    'context',
  ];
  for (const k of required) expect(cmd, k).toHaveProperty(k);
  const msgs = (await s.control('/_test/channels/lipsync/messages')).body.messages as APIMessage[];
  const msgKeys: (keyof APIMessage)[] = [
    'id',
    'channel_id',
    'author',
    'content',
    'timestamp',
    'edited_timestamp',
    'tts',
    'mention_everyone',
    'mentions',
    'mention_roles',
    'attachments',
    'embeds',
    'pinned',
    'type',
  ];
  for (const k of msgKeys) expect(msgs[0], k).toHaveProperty(k);
  const click = (
    await s.control('/_test/components', {
      userId: SEEDED_USER_IDS.member,
      messageId: msgs[0]!.id,
      customId: 'b',
    })
  ).body.interaction as APIMessageComponentInteraction;
  for (const k of ['message', 'data', 'member', 'guild_id'] as const) expect(click, k).toHaveProperty(k);
});
