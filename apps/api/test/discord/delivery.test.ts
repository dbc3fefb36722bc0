import { claimDiscordDelivery, findDiscordDelivery, findUserByDiscordId, getJob, listJobs } from '@app/db';
import { ProviderError } from '@app/generation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverResult } from '../../src/modules/discord/deliver-result.ts';
import { startDiscordDelivery } from '../../src/modules/discord/start-delivery.ts';
import { type DiscordMessage, type Harness, attachment, createHarness } from './harness.ts';
import { fastProvider, png } from './fixtures.ts';
import { balanceOf } from './queries.ts';

const BIG = 11 * 1024 * 1024;
let h: Harness;

beforeAll(async () => {
  const provider = fastProvider(async (request) => {
    if (request.prompt.includes('explode')) {
      throw new ProviderError('BROKEN', 'The generator broke.', { retryable: false });
    }
    if (request.prompt.includes('huge')) {
      return {
        outputs: [{ kind: 'video', mime: 'video/mp4', bytes: Buffer.alloc(BIG, 7), durationMs: 3000 }],
      };
    }
    return undefined;
  });
  // This process answers interactions but does not post results: each test posts when it wants.
  h = await createHarness({ provider, deliver: false });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const deps = () => h.app.discordBot!.deps;
/** Runs the command and waits for its job to end; answers the job id. */
async function ended(discordId: string, command: string, options: Record<string, unknown>, channel?: string) {
  const outcome = await h.command(discordId, command, options, channel);
  expect(outcome.response?.data?.content).toContain('queued');
  const user = (await findUserByDiscordId(h.database.db, discordId))!;
  return h.waitFor(async () => {
    const [job] = await listJobs(h.database.db, { userId: user.id, limit: 1 });
    return job && ['succeeded', 'failed', 'cancelled'].includes(job.status) ? job.id : null;
  });
}
const pings = async (discordId: string, channel = 'image-1') =>
  (await h.messages(channel)).filter((m: DiscordMessage) => m.content.startsWith(`<@${discordId}>`));

describe('posting results', () => {
  it('posts once when a poster died after claiming, and never again after it was posted', async () => {
    const { discordId } = await h.user(100);
    const jobId = await ended(discordId, 'make', { prompt: 'a quiet harbour' });
    // A process claimed the delivery and died before posting: the claim is honoured until it is stale.
    expect(await claimDiscordDelivery(h.database.db, jobId, 60_000)).not.toBeNull();
    expect(await deliverResult(deps(), jobId)).toBe(false);
    expect(await pings(discordId)).toHaveLength(0);
    // Restarted processes racing to take over the stale claim: one posts.
    // (A lease of 300 ms stands for the real minute.)
    await new Promise((resolve) => setTimeout(resolve, 400));
    const attempts = await Promise.all([1, 2, 3].map(() => deliverResult(deps(), jobId, { leaseMs: 300 })));
    expect(attempts.filter(Boolean)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await deliverResult(deps(), jobId, { leaseMs: 300 })).toBe(false);
    const posted = await pings(discordId);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.content).toContain('a quiet harbour');
  });

  it('a follow-up Discord created before failing the request is found by the next attempt, not posted again', async () => {
    const { discordId } = await h.user(100);
    const jobId = await ended(discordId, 'make', { prompt: 'a paper boat' });
    // Discord creates the follow-up, then answers 500: the poster cannot know the message exists.
    const hold = await fetch(`${h.base}/_discord/_test/holds`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'POST', path: String.raw`^/webhooks/\d+/[^/]+$`, stage: 'fail' }),
    });
    expect(hold.status).toBe(200);
    await expect(deliverResult(deps(), jobId)).rejects.toMatchObject({ status: 500 });
    const created = await pings(discordId);
    expect(created).toHaveLength(1);
    expect((await findDiscordDelivery(h.database.db, jobId))!.state).toBe('waiting');
    // The next attempt (the sweep's) finds it and records it instead of posting a second one.
    expect(await deliverResult(deps(), jobId)).toBe(true);
    expect((await pings(discordId)).map((m) => m.id)).toEqual([created[0]!.id]);
    expect((await findDiscordDelivery(h.database.db, jobId))!.messageId).toBe(created[0]!.id);
  });

  it('a result that ended while no process was posting is posted once by the next one to start', async () => {
    const { discordId } = await h.user(100);
    await ended(discordId, 'make', { prompt: 'a sleeping cat' });
    const log = { error: () => {} };
    const first = await startDiscordDelivery(deps(), { sweepMs: 100, log });
    const second = await startDiscordDelivery(deps(), { sweepMs: 100, log });
    await h.waitFor(async () => (await pings(discordId)).length > 0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await Promise.all([first.stop(), second.stop()]);
    expect(await pings(discordId)).toHaveLength(1);
  });

  it('a failed job posts a short failure with the refund, and the credits are back', async () => {
    const { discordId } = await h.user(100);
    const jobId = await ended(discordId, 'make', { prompt: 'explode please' });
    expect((await getJob(h.database.db, jobId))!.status).toBe('failed');
    await deliverResult(deps(), jobId);
    const [failure] = await pings(discordId);
    expect(failure!.content).toContain('your /make failed: The generator broke.');
    expect(failure!.content).toMatch(/\d+ credits refunded/);
    expect(failure!.components ?? []).toHaveLength(0);
    expect(await balanceOf(h.database, discordId)).toEqual({ credits: 100, hypercredits: 0 });
  });

  it('a result over 10 MiB is posted as a link to our media', async () => {
    const { discordId } = await h.user(0, 1000);
    const jobId = await ended(discordId, 'video', { prompt: 'a huge wave' }, 'video-1');
    await deliverResult(deps(), jobId);
    const [message] = await pings(discordId, 'video-1');
    expect(message!.attachments).toHaveLength(0);
    const link = /http\S+\/media\/\S+/.exec(message!.content)![0];
    const response = await fetch(link);
    expect(response.status).toBe(200);
    expect((await response.arrayBuffer()).byteLength).toBe(BIG);
  });

  it('after the 15 minutes of the interaction token, the result is a channel message from the bot', async () => {
    const { discordId } = await h.user(100);
    const jobId = await ended(discordId, 'make', { prompt: 'a late owl' });
    h.emulator.advanceClock(16 * 60_000);
    await deliverResult(deps(), jobId).finally(() => h.emulator.advanceClock(-16 * 60_000));
    const [message] = await pings(discordId);
    expect(message!.content).toContain('a late owl');
    // Not a follow-up through the interaction's webhook (its token had expired): the bot's own post.
    expect((message as { webhook_id?: string }).webhook_id).toBeUndefined();
    expect(message!.attachments).toHaveLength(1);
    expect(message!.components!.length).toBeGreaterThan(0);
  });

  it('LoRA training ends with a DM naming the model and how to use it', async () => {
    const { discordId } = await h.user(1000);
    const images = Object.fromEntries(
      await Promise.all(
        Array.from({ length: 8 }, async (_, index) => [
          `image${index + 1}`,
          attachment(`fox${index}.png`, 'image/png', await png(32, 32, index * 20)),
        ]),
      ),
    );
    const jobId = await ended(discordId, 'loracreate', { name: 'FoxKnight', ...images });
    expect(await deliverResult(deps(), jobId)).toBe(true);
    const dms = await h.dms(discordId);
    expect(dms).toHaveLength(1);
    expect(dms[0]!.content).toContain('FoxKnight');
    expect(dms[0]!.content).toContain('-lora FoxKnight');
  });
});
