import { priceOf } from '@app/domain';
import { MessageFlags } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, createHarness } from './harness.ts';
import { balanceOf, countJobs } from './queries.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ maxActiveJobs: 2 });
  await h.stopWorker();
}, 60_000);
afterAll(async () => {
  await h?.close();
});

describe('too many jobs at once', () => {
  it('refuses a third queued job, only to the asker, charging nothing', async () => {
    const { discordId } = await h.user(100);
    const price = priceOf('make').credits;
    for (const prompt of ['one', 'two']) {
      expect((await h.command(discordId, 'make', { prompt })).response?.data?.content).toContain('queued');
    }
    const third = await h.command(discordId, 'make', { prompt: 'three' });
    expect(third.response?.data?.flags).toBe(MessageFlags.Ephemeral);
    expect(third.response?.data?.content).toContain('You already have 2 jobs queued or running');
    expect(await countJobs(h.database, discordId)).toBe(2);
    expect(await balanceOf(h.database, discordId)).toEqual({ credits: 100 - 2 * price, hypercredits: 0 });
  });
});
