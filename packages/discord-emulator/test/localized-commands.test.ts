import { DiscordAPIError } from '@discordjs/rest';
import { afterAll, beforeAll, expect, it } from 'vitest';
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
