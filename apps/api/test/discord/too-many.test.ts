import { priceOf, queueLimitsOf } from '@app/domain';
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
  it('refuses one job past the limit, only to the asker, charging nothing', async () => {
    const { discordId } = await h.user(100);
    const price = priceOf('make').credits;
    // The setting (2) is a floor: a free account may have its plan's number of jobs.
    const limit = Math.max(2, queueLimitsOf('free').active);
    for (let i = 0; i < limit; i += 1) {
      expect((await h.command(discordId, 'make', { prompt: `job ${i}` })).response?.data?.content).toContain(
        'queued',
      );
    }
    const over = await h.command(discordId, 'make', { prompt: 'one more' });
    expect(over.response?.data?.flags).toBe(MessageFlags.Ephemeral);
    expect(over.response?.data?.content).toContain(`You already have ${limit} jobs queued or running`);
    expect(await countJobs(h.database, discordId)).toBe(limit);
    expect(await balanceOf(h.database, discordId)).toEqual({ credits: 100 - limit * price, hypercredits: 0 });
  });
});
