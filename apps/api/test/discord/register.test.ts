import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startDiscordEmulator } from '@app/discord-emulator';
import { BOT_LOCALES, COMMANDS, MESSAGE_COMMANDS } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entryPointArgs } from '../entry-point.ts';

const run = promisify(execFile);
let emulator: Awaited<ReturnType<typeof startDiscordEmulator>>;
beforeAll(async () => {
  emulator = await startDiscordEmulator();
});
afterAll(async () => {
  await emulator?.close();
});

const registered = async () => {
  const response = await fetch(`${emulator.url}/api/v10/applications/${emulator.applicationId}/commands`, {
    headers: { authorization: `Bot ${emulator.botToken}` },
  });
  return (await response.json()) as {
    id: string;
    name: string;
    description: string;
    options?: { name_localizations?: Record<string, string> }[];
    integration_types: number[];
    contexts: number[] | null;
    name_localizations: Record<string, string> | null;
  }[];
};

describe('npm run discord:register', () => {
  it('overwrites the application commands with the registry, the same however often it runs', async () => {
    const env = {
      ...process.env,
      NODE_ENV: 'test',
      DISCORD_APPLICATION_ID: emulator.applicationId,
      DISCORD_PUBLIC_KEY: emulator.publicKey,
      DISCORD_BOT_TOKEN: emulator.botToken,
      DISCORD_API_URL: `${emulator.url}/api/v10`,
    };
    const script = entryPointArgs('apps/api/src/scripts/discord-register.ts');
    const first = await run(process.execPath, script, { env });
    // The slash commands and the message commands ("Report creation").
    expect(first.stdout).toContain(`Registered ${COMMANDS.length + MESSAGE_COMMANDS.length} commands`);
    const once = await registered();
    await run(process.execPath, script, { env });
    const twice = await registered();
    expect(twice.map((command) => command.name).sort()).toEqual(
      [
        ...COMMANDS.map((command) => command.name.toLowerCase()),
        ...MESSAGE_COMMANDS.map((command) => command.name),
      ].sort(),
    );
    // Same commands, same ids: a second run replaces nothing with anything new.
    const shape = (list: typeof once) =>
      list.map(({ id, name, description, options }) => ({ id, name, description, options }));
    expect(shape(twice)).toEqual(shape(once));
    // Installable to a server and to a person's account, offered in servers and DMs, in five more languages.
    for (const command of twice) {
      expect(command.integration_types, command.name).toEqual([0, 1]);
      expect(command.contexts, command.name).toEqual([0, 1, 2]);
      expect(Object.keys(command.name_localizations ?? {}).sort(), command.name).toEqual(
        [...BOT_LOCALES].sort(),
      );
      for (const option of command.options ?? [])
        expect(Object.keys(option.name_localizations ?? {}).sort()).toEqual([...BOT_LOCALES].sort());
    }
    expect(twice.find((command) => command.name === 'make')?.name_localizations).toMatchObject({
      de: 'erstellen',
      fr: 'créer',
      'es-ES': 'crear',
      'pt-BR': 'criar',
      ja: '生成',
    });
  }, 60_000);

  it('refuses to run without the bot settings', async () => {
    const failed = await run(process.execPath, entryPointArgs('apps/api/src/scripts/discord-register.ts'), {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DISCORD_APPLICATION_ID: '',
        DISCORD_PUBLIC_KEY: '',
        DISCORD_BOT_TOKEN: '',
      },
    }).catch((error: { code: number; stderr: string }) => error);
    expect((failed as { code: number }).code).toBe(1);
    expect((failed as { stderr: string }).stderr).toContain('DISCORD_APPLICATION_ID');
  }, 60_000);
});
