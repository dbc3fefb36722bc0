import { type StartedDiscordEmulator, startDiscordEmulator } from '@app/discord-emulator';
import { API } from '@discordjs/core/http-only';
import { REST } from '@discordjs/rest';
import { registerCommands } from '../../src/modules/discord/register-commands.ts';

/**
 * Discord (the emulator) in the test process, for tests that run the bot as its own process: the
 * emulator with the registry's commands, the settings that point a server process at it, and its
 * test control.
 */
export async function startDiscordForBotProcess(): Promise<{
  discord: StartedDiscordEmulator;
  botEnv: Record<string, string>;
  control: (method: string, route: string, body?: unknown) => Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- each caller knows its route's shape
}> {
  const discord = await startDiscordEmulator({ rateLimit: { limit: 10_000, windowMs: 1000 } });
  const rest = new REST({ api: `${discord.url}/api`, version: '10' }).setToken(discord.botToken);
  await registerCommands({ api: new API(rest), applicationId: discord.applicationId });
  const botEnv = {
    DISCORD_APPLICATION_ID: discord.applicationId,
    DISCORD_PUBLIC_KEY: discord.publicKey,
    DISCORD_BOT_TOKEN: discord.botToken,
    DISCORD_API_URL: `${discord.url}/api/v10`,
    RECONCILE_INTERVAL_SECONDS: '0',
  };
  const control = async (method: string, route: string, body?: unknown) => {
    const answer = await fetch(`${discord.url}/_test${route}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json: unknown = await answer.json();
    if (!answer.ok) throw new Error(`${method} ${route}: ${answer.status} ${JSON.stringify(json)}`);
    return json;
  };
  return { discord, botEnv, control };
}
