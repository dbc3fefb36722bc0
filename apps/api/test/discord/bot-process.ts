import { type StartedDiscordEmulator, startDiscordEmulator } from '@app/discord-emulator';
import { API } from '@discordjs/core/http-only';
import { REST } from '@discordjs/rest';
import { type Database, createUser, findUserByDiscordId, grant, listJobs } from '@app/db';
import { generateSnowflake } from '../../src/modules/discord/local-discord-id.ts';
import { registerCommands } from '../../src/modules/discord/register-commands.ts';
import { until } from '../jobs/processes.ts';

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

/**
 * A new Discord user with 100 credits runs `/make` in #image-1 through Discord (the emulator's
 * test control); answers their id and the job's once the job has ended.
 */
export async function makeAsNewUser(
  database: Database,
  control: Awaited<ReturnType<typeof startDiscordForBotProcess>>['control'],
  prompt: string,
): Promise<{ discordId: string; jobId: string }> {
  const discordId = generateSnowflake();
  const account = await createUser(database.db, {
    discordId,
    discordName: `c${discordId.slice(-6)}`,
    ageBand: '18+',
  });
  await grant(database.db, {
    userId: account.id,
    currency: 'credits',
    amount: 100,
    reason: 'test',
    idempotencyKey: `test:${account.id}`,
  });
  await control('POST', '/users', { id: discordId, username: account.discordName });
  const outcome = await control('POST', '/interactions', {
    userId: discordId,
    channel: 'image-1',
    command: 'make',
    options: { prompt },
  });
  if (!String(outcome.response?.data?.content).includes('queued')) {
    throw new Error(`/make was not queued: ${JSON.stringify(outcome)}`);
  }
  const user = (await findUserByDiscordId(database.db, discordId))!;
  const jobId = await until(async () => {
    const [job] = await listJobs(database.db, { userId: user.id, limit: 1 });
    return job && ['succeeded', 'failed', 'cancelled'].includes(job.status) ? job.id : null;
  }, 60_000);
  return { discordId, jobId };
}
