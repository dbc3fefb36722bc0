import { DiscordAPIError } from '@discordjs/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEEDED_USER_IDS } from '../src/index.ts';
import { MAKE_COMMAND, setup, type Setup } from './helpers.ts';

let s: Setup;
beforeAll(async () => {
  s = await setup();
});
afterAll(async () => {
  await s.emulator.close();
  await s.app.close();
});

const overwrite = (command: Record<string, unknown>) =>
  s.api.applicationCommands.bulkOverwriteGlobalCommands(s.emulator.applicationId, [command as never]);

it('keeps a command’s installation contexts and localizations as registered', async () => {
  const [made] = await overwrite({
    ...MAKE_COMMAND,
    integration_types: [0, 1],
    contexts: [0, 1, 2],
    name_localizations: { de: 'erstellen', ja: '生成' },
    description_localizations: { de: 'Macht Bilder.' },
  });
  expect(made).toMatchObject({
    integration_types: [0, 1],
    contexts: [0, 1, 2],
    name_localizations: { de: 'erstellen', ja: '生成' },
    description_localizations: { de: 'Macht Bilder.' },
  });
});

it('refuses an unknown locale, an invalid localized name and an unknown context, as Discord does', async () => {
  for (const bad of [
    { name_localizations: { xx: 'machen' } },
    { name_localizations: { de: 'Großbuchstaben' } },
    { name_localizations: { de: 'zwei wörter' } },
    { description_localizations: { fr: 'x'.repeat(101) } },
    { contexts: [3] },
    { integration_types: [2] },
  ]) {
    const error = await overwrite({ ...MAKE_COMMAND, ...bad }).catch((e: unknown) => e);
    expect(error, JSON.stringify(bad)).toBeInstanceOf(DiscordAPIError);
    expect((error as DiscordAPIError).code).toBe(50035);
  }
});

describe('Components V2 messages', () => {
  const post = (body: Record<string, unknown>) =>
    s.api.users
      .createDM(SEEDED_USER_IDS.member)
      .then((dm) => s.api.channels.createMessage(dm.id, body as never));
  const card = {
    flags: 1 << 15,
    components: [
      {
        type: 17,
        components: [
          { type: 10, content: 'A card' },
          { type: 12, items: [{ media: { url: 'https://example.com/a.png' } }] },
        ],
      },
      { type: 1, components: [{ type: 2, style: 2, custom_id: 'x', label: 'X' }] },
    ],
  };

  it('keeps a card and numbers its components as Discord does', async () => {
    const made = (await post(card)) as unknown as { flags: number; components: { id: number }[] };
    expect(made.flags & (1 << 15)).toBe(1 << 15);
    expect(made.components[0]!.id).toBe(1);
  });

  it('refuses content beside the flag, a File that is not an attachment, and more than 40 components', async () => {
    const many = Array.from({ length: 41 }, () => ({ type: 10, content: 'x' }));
    for (const bad of [
      { ...card, content: 'legacy' },
      { flags: 1 << 15, components: [{ type: 13, file: { url: 'https://example.com/a.mp3' } }] },
      { flags: 1 << 15, components: many },
      { flags: 1 << 15, components: [{ type: 12, items: [] }] },
    ]) {
      const error = await post(bad).catch((e: unknown) => e);
      expect(error, JSON.stringify(bad).slice(0, 80)).toBeInstanceOf(DiscordAPIError);
      expect((error as DiscordAPIError).code).toBe(50035);
    }
  });
});
