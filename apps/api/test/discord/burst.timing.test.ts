import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createUser, grant } from '@app/db';
import { type TestDatabase, createTestDatabase } from '@app/db/testing';
import { priceOf } from '@app/domain';
import type { StartedDiscordEmulator } from '@app/discord-emulator';
import { MessageFlags } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSnowflake } from '../../src/modules/discord/local-discord-id.ts';
import { type Child, startApiProcess, until } from '../jobs/processes.ts';
import { startDiscordForBotProcess } from './bot-process.ts';
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
  let control: Awaited<ReturnType<typeof startDiscordForBotProcess>>['control'];
  let server: (Child & { url: string }) | undefined;

  const command = (userId: string, name: string, options: Record<string, unknown> = {}) =>
    control('POST', '/interactions', { userId, channel: 'image-2', command: name, options });

  beforeAll(async () => {
    database = await createTestDatabase();
    let botEnv: Record<string, string>;
    ({ discord, botEnv, control } = await startDiscordForBotProcess());
    server = await startApiProcess({
      ...botEnv,
      DATABASE_URL: database.url!,
      DATA_DIR: dataDir,
      // The jobs stay queued: what is measured is the answer to each interaction.
      WORKER_IN_PROCESS: 'false',
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
        const account = await createUser(database.db, {
          discordId,
          discordName: `burst-${index}`,
          ageBand: '18+',
        });
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
