import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createUser, grant } from '@app/db';
import { type TestDatabase, createTestDatabase } from '@app/db/testing';
import { priceOf } from '@app/domain';
import { type StartedDiscordEmulator, startDiscordEmulator } from '@app/discord-emulator';
import { API } from '@discordjs/core/http-only';
import { REST } from '@discordjs/rest';
import { MessageFlags } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSnowflake } from '../../src/modules/discord/local-discord-id.ts';
import { registerCommands } from '../../src/modules/discord/register-commands.ts';
import { type Child, startApiProcess, until } from '../jobs/processes.ts';
import type { DiscordMessage } from './harness.ts';
import { balanceOf } from './queries.ts';

/*
 * Discord's deadline under a burst: 200 /make interactions at once. As on Discord, the bot is its
 * own process (the real server entry point) and Discord (the emulator, which fails any interaction
 * not answered within 3 s) is another. The ledger race is only real on PostgreSQL.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a burst of /make', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'discord-burst-'));
  let database: TestDatabase;
  let discord: StartedDiscordEmulator;
  let server: (Child & { url: string }) | undefined;

  const control = async (method: string, route: string, body?: unknown) => {
    const answer = await fetch(`${discord.url}/_test${route}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each caller knows its route's shape
    const json: any = await answer.json();
    if (!answer.ok) throw new Error(`${method} ${route}: ${answer.status} ${JSON.stringify(json)}`);
    return json;
  };
  const command = (userId: string, name: string, options: Record<string, unknown> = {}) =>
    control('POST', '/interactions', { userId, channel: 'image-2', command: name, options });

  beforeAll(async () => {
    database = await createTestDatabase();
    discord = await startDiscordEmulator({ rateLimit: { limit: 10_000, windowMs: 1000 } });
    const rest = new REST({ api: `${discord.url}/api`, version: '10' }).setToken(discord.botToken);
    await registerCommands({ api: new API(rest), applicationId: discord.applicationId });
    server = await startApiProcess({
      DATABASE_URL: database.url!,
      DATA_DIR: dataDir,
      DISCORD_APPLICATION_ID: discord.applicationId,
      DISCORD_PUBLIC_KEY: discord.publicKey,
      DISCORD_BOT_TOKEN: discord.botToken,
      DISCORD_API_URL: `${discord.url}/api/v10`,
      // The jobs stay queued: what is measured is the answer to each interaction.
      WORKER_IN_PROCESS: 'false',
      RECONCILE_INTERVAL_SECONDS: '0',
    });
    discord.setInteractionsUrl(`${server.url}/api/discord/interactions`);
  }, 120_000);
  afterAll(async () => {
    await server?.kill();
    await discord?.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('200 at once from users whose credits cover 50: 50 queued, 150 told they lack credits, all answered in time', async () => {
    const price = priceOf('make').credits;
    const users = await Promise.all(
      Array.from({ length: 10 }, async (_, index) => {
        const discordId = generateSnowflake();
        const account = await createUser(database.db, { discordId, discordName: `burst-${index}` });
        await grant(database.db, {
          userId: account.id,
          currency: 'credits',
          amount: 5 * price,
          reason: 'test',
          idempotencyKey: `test:${account.id}`,
        });
        await control('POST', '/users', { id: discordId, username: account.discordName });
        return discordId;
      }),
    );
    // Each user has been seen once, as they would have before a busy moment.
    for (const discordId of users) expect((await command(discordId, 'help')).error).toBeUndefined();

    const outcomes = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        command(users[index % 10]!, 'make', { prompt: `burst ${index}` }),
      ),
    );
    // The emulator fails an interaction not answered within Discord's 3 s.
    expect(outcomes.filter((outcome) => outcome.error)).toEqual([]);
    for (const outcome of outcomes) expect([4, 5]).toContain(outcome.response?.type);

    // A deferred answer (type 5) is followed by its message moments later.
    const { queued, refused } = await until(async () => {
      const messages = (await control('GET', '/channels/image-2/messages')).messages as DiscordMessage[];
      const queued = messages.filter((m) => m.content.includes('/make: Your request is queued'));
      const refused = messages.filter((m) => m.content.startsWith('Not enough credits'));
      return queued.length + refused.length === 200 ? { queued, refused } : null;
    }, 30_000);
    expect(queued).toHaveLength(50);
    for (const message of queued) expect(message.flags ?? 0).toBe(0);
    expect(refused).toHaveLength(150);
    for (const message of refused) expect(message.flags).toBe(MessageFlags.Ephemeral);
    for (const discordId of users)
      expect(await balanceOf(database, discordId)).toEqual({ credits: 0, hypercredits: 0 });
  }, 180_000);
});
