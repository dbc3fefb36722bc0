import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findDiscordDelivery, getJob } from '@app/db';
import { type TestDatabase, createTestDatabase } from '@app/db/testing';
import type { StartedDiscordEmulator } from '@app/discord-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Child, startApiProcess, until } from '../jobs/processes.ts';
import { makeAsNewUser, startDiscordForBotProcess } from './bot-process.ts';
import { type DiscordMessage, textOf } from './harness.ts';

/*
 * SIGTERM while a result's post hangs at Discord: the server exits within its shutdown deadline and
 * hands its claim back, so the next process posts the result at once instead of after the lease
 * (ten minutes here). Needs real PostgreSQL.
 */
const WEBHOOK = String.raw`^/webhooks/\d+/[^/]+$`;
const DEADLINE_SECONDS = 6;

describe.skipIf(!process.env.TEST_DATABASE_URL)('SIGTERM while a Discord post is under way', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'discord-sigterm-'));
  let database: TestDatabase;
  let discord: StartedDiscordEmulator;
  let control: Awaited<ReturnType<typeof startDiscordForBotProcess>>['control'];
  let server: (Child & { url: string }) | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase();
    let botEnv: Record<string, string>;
    ({ discord, botEnv, control } = await startDiscordForBotProcess());
    env = {
      ...botEnv,
      DATABASE_URL: database.url!,
      DATA_DIR: dataDir,
      DISCORD_DELIVERY_LEASE_SECONDS: '600',
      SHUTDOWN_DEADLINE_SECONDS: String(DEADLINE_SECONDS),
    };
  }, 60_000);
  afterAll(async () => {
    await server?.kill();
    await discord?.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function start() {
    server = await startApiProcess(env);
    discord.setInteractionsUrl(`${server.url}/api/discord/interactions`);
  }

  it('exits in time and hands the claim back; the next process posts the result once', async () => {
    await start();
    const hold = (await control('POST', '/holds', { method: 'POST', path: WEBHOOK, stage: 'request' }))
      .id as number;
    const { discordId, jobId } = await makeAsNewUser(database, control, 'a harbour at night');
    expect((await getJob(database.db, jobId))?.status).toBe('succeeded');
    await until(
      async () => ((await control('GET', '/holds')).held as { id: number }[]).some((h) => h.id === hold),
      30_000,
    );
    expect((await findDiscordDelivery(database.db, jobId))?.state).toBe('pending');

    const stoppedAt = Date.now();
    const exited = new Promise<number | null>((resolve) => server!.process.once('exit', resolve));
    server!.process.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect((Date.now() - stoppedAt) / 1000).toBeLessThan(DEADLINE_SECONDS);
    expect((await findDiscordDelivery(database.db, jobId))?.state).toBe('waiting');

    await control('DELETE', `/holds?id=${hold}`);
    await start();
    const row = await until(async () => {
      const found = await findDiscordDelivery(database.db, jobId);
      return found?.state === 'posted' && found;
    }, 30_000);
    const pings = ((await control('GET', '/channels/image-1/messages')).messages as DiscordMessage[]).filter(
      (m) => textOf(m).startsWith(`<@${discordId}>`),
    );
    expect(pings).toHaveLength(1);
    expect(row.messageId).toBe(pings[0]!.id);
  }, 180_000);
});
