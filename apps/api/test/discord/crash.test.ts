import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findDiscordDelivery } from '@app/db';
import { type TestDatabase, createTestDatabase } from '@app/db/testing';
import type { StartedDiscordEmulator } from '@app/discord-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Child, startApiProcess, until } from '../jobs/processes.ts';
import { makeAsNewUser, startDiscordForBotProcess } from './bot-process.ts';
import { type DiscordMessage, textOf } from './harness.ts';

/*
 * kill -9 of the process posting a result at the worst moments, then a restart: the channel shows
 * exactly one result message. The real server entry point runs as a child process (answering
 * interactions, running the job, posting); Discord (the emulator) runs here and outlives it, and
 * its test control holds the post at the moment the process dies. Needs real PostgreSQL.
 */
const WEBHOOK = String.raw`^/webhooks/\d+/[^/]+$`;
const CHANNEL_POST = String.raw`^/channels/\d+/messages$`;

describe.skipIf(!process.env.TEST_DATABASE_URL)('a crash between a job ending and its result posted', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'discord-crash-'));
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
      // A stale claim is taken over after 2 s instead of a minute, so the restart need not wait.
      DISCORD_DELIVERY_LEASE_SECONDS: '2',
    };
  }, 60_000);
  afterAll(async () => {
    await server?.kill();
    await discord?.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const hold = async (method: string, pattern: string, stage: 'request' | 'response') =>
    (await control('POST', '/holds', { method, path: pattern, stage })).id as number;
  const held = async (id: number) =>
    ((await control('GET', '/holds')).held as { id: number }[]).some((entry) => entry.id === id);
  const pings = async (discordId: string) =>
    ((await control('GET', '/channels/image-1/messages')).messages as DiscordMessage[]).filter((m) =>
      textOf(m).startsWith(`<@${discordId}>`),
    );

  async function start() {
    server = await startApiProcess(env);
    discord.setInteractionsUrl(`${server.url}/api/discord/interactions`);
  }

  const makeAndWaitForTheEnd = () => makeAsNewUser(database, control, 'a lighthouse in fog');

  /** Kills the server while the post is held, restarts it, and waits for the result to count as posted. */
  async function crashAndRestart(holdId: number, jobId: string) {
    await server!.kill('SIGKILL');
    await control('DELETE', `/holds?id=${holdId}`);
    await start();
    return until(async () => {
      const row = await findDiscordDelivery(database.db, jobId);
      return row?.state === 'posted' ? row : null;
    }, 60_000);
  }

  it('killed after the job ended and before Discord saw the post: the restarted server posts it once', async () => {
    await start();
    const id = await hold('POST', WEBHOOK, 'request');
    const { discordId, jobId } = await makeAndWaitForTheEnd();
    await until(() => held(id), 30_000);
    expect(await pings(discordId)).toHaveLength(0);

    const row = await crashAndRestart(id, jobId);
    const posted = await pings(discordId);
    expect(posted).toHaveLength(1);
    expect(textOf(posted[0]!)).toContain('a lighthouse in fog');
    expect(row.messageId).toBe(posted[0]!.id);
  }, 180_000);

  it('killed after Discord created the follow-up and before the answer came back: no second message', async () => {
    const id = await hold('POST', WEBHOOK, 'response');
    const { discordId, jobId } = await makeAndWaitForTheEnd();
    await until(() => held(id), 30_000);
    // Discord holds the message; the server does not know it yet.
    const before = await pings(discordId);
    expect(before).toHaveLength(1);

    const row = await crashAndRestart(id, jobId);
    // The restarted server found the message it had posted rather than posting another.
    expect((await pings(discordId)).map((m) => m.id)).toEqual([before[0]!.id]);
    expect(row.messageId).toBe(before[0]!.id);
  }, 180_000);

  it('killed while a channel post (past the token) was answered: the repeated nonce gives the same message', async () => {
    // The follow-up waits until Discord's clock is past the token's 15 minutes, so it is refused
    // and the result goes as a channel message with the bot token; that one is held after Discord
    // created it.
    const followUp = await hold('POST', WEBHOOK, 'request');
    const { discordId, jobId } = await makeAndWaitForTheEnd();
    await until(() => held(followUp), 30_000);
    discord.advanceClock(16 * 60_000);
    const id = await hold('POST', CHANNEL_POST, 'response');
    await control('DELETE', `/holds?id=${followUp}`);
    await until(() => held(id), 30_000);
    const before = await pings(discordId);
    expect(before).toHaveLength(1);
    expect(before[0]!.interaction_metadata).toBeUndefined();

    const row = await crashAndRestart(id, jobId).finally(() => discord.advanceClock(-16 * 60_000));
    expect((await pings(discordId)).map((m) => m.id)).toEqual([before[0]!.id]);
    expect(row.messageId).toBe(before[0]!.id);
  }, 180_000);
});
