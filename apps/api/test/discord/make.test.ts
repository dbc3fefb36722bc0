import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countJobs } from './queries.ts';
import { type Harness, createHarness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
}, 60_000);
afterAll(async () => {
  await h?.close();
});

describe('/make from a channel', () => {
  it('answers that it is queued, then posts the result pinging the user with the image and buttons', async () => {
    const { discordId } = await h.user(100);
    const outcome = await h.command(discordId, 'make', { prompt: 'a red fox -wide' });
    expect(outcome.response?.type).toBe(4);
    const queued = await h.waitFor(async () =>
      (await h.messages()).find((m) => m.content.includes('/make: Your request is queued')),
    );
    expect(queued.flags ?? 0).toBe(0);
    expect(queued.content).toMatch(/cost: \d+ credits/);

    const result = await h.waitFor(async () =>
      (await h.messages()).find((m) => m.content.startsWith(`<@${discordId}> your /make is ready`)),
    );
    expect(result.content).toContain('a red fox -wide');
    expect(result.mentions?.map((u) => u.id)).toEqual([discordId]);
    expect(result.attachments).toHaveLength(1);
    expect(result.attachments[0]!.filename).toMatch(/\.png$/);
    const image = await fetch(result.attachments[0]!.url);
    expect(
      Buffer.from(await image.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    const ids = result.components!.flatMap((row) => row.components.map((c) => c.custom_id.split(':')[0]));
    // The result buttons, then the single-image actions (a 96×64 result is not square: all twelve).
    expect(ids).toEqual(['love', 'edit', 'reroll', 'delete', 'vary', 'gif', ...Array(12).fill('act')]);
    expect(result.components!.length).toBeLessThanOrEqual(5);
    expect(await countJobs(h.database, discordId)).toBe(1);
  }, 30_000);
});
