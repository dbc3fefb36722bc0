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

it('numbers components as Discord does: given ids kept, the others in order, skipping taken ones', async () => {
  const channel = await s.api.users.createDM(SEEDED_USER_IDS.member);
  const sent = await s.api.channels.createMessage(channel.id, {
    content: 'ids',
    components: [
      { type: 1, components: [{ ...button('a'), id: 2 }, button('b')] },
      { type: 1, components: [button('c')] },
    ],
  });
  expect(sent.components).toEqual([
    {
      type: 1,
      id: 1,
      components: [
        { ...button('a'), id: 2 },
        { ...button('b'), id: 3 },
      ],
    },
    { type: 1, id: 4, components: [{ ...button('c'), id: 5 }] },
  ]);
  const edited = await s.api.channels.editMessage(channel.id, sent.id, {
    components: [row(button('d'))],
  });
  expect(edited.components).toEqual([{ type: 1, id: 1, components: [{ ...button('d'), id: 2 }] }]);
});

it('a follow-up to a modal submit names the interaction that opened the modal', async () => {
  let followUp: Promise<APIMessage> | undefined;
  s.app.handler = (i) => {
    if (i.type === 2) return { type: 4, data: { content: 'pick', components: [row(button('open'))] } };
    if (i.type === 3)
      return {
        type: 9,
        data: {
          custom_id: 'name',
          title: 'Name it',
          components: [row({ type: 4, custom_id: 't', style: 1, label: 'T' })],
        },
      };
    followUp = s.api.interactions
      .defer(i.id as string, i.token as string)
      .then(() =>
        s.api.interactions.followUp(s.emulator.applicationId, i.token as string, { content: 'named' }),
      );
    return undefined;
  };
  await s.control('/_test/interactions', {
    userId: SEEDED_USER_IDS.member,
    channel: 'image-5',
    command: 'make',
    options: { prompt: 'p' },
  });
  const [msg] = (await s.control('/_test/channels/image-5/messages')).body.messages as APIMessage[];
  const click = (
    await s.control('/_test/components', {
      userId: SEEDED_USER_IDS.member,
      messageId: msg!.id,
      customId: 'open',
    })
  ).body.interaction as APIMessageComponentInteraction;
  await s.control('/_test/modals', { userId: SEEDED_USER_IDS.member, customId: 'name', values: { t: 'x' } });
  const sent = await followUp!;
  expect(sent.interaction_metadata).toMatchObject({
    type: 5,
    triggering_interaction_metadata: { id: click.id, type: 3, interacted_message_id: msg!.id },
  });
  expect(sent.interaction_metadata).not.toHaveProperty('interacted_message_id');
  expect(sent.interaction_metadata).not.toHaveProperty('name');
});
