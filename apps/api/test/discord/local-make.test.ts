import { providersFor } from '@app/jobs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSettings } from '../../src/settings.ts';
import { type Harness, createHarness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  const { generation } = loadSettings({ NODE_ENV: 'test' });
  h = await createHarness({ provider: providersFor(generation.backends, generation.deadlines).image });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

describe('/make with the local provider', () => {
  it('posts a real, decodable wide image made from the prompt', async () => {
    const { discordId } = await h.user(100);
    await h.command(discordId, 'make', { prompt: 'a lighthouse on a cliff at sunset -wide' });
    const result = await h.waitFor(
      async () =>
        (await h.messages()).find((m) => m.content.startsWith(`<@${discordId}> your /make is ready`)),
      90_000,
    );
    expect(result.attachments.length).toBeGreaterThan(0);
    for (const file of result.attachments) {
      const bytes = Buffer.from(await (await fetch(file.url)).arrayBuffer());
      const meta = await sharp(bytes).metadata();
      expect(meta.width! / meta.height!).toBeCloseTo(16 / 9, 1);
    }
    expect(result.components!.flatMap((row) => row.components)).toHaveLength(6);
  }, 120_000);
});
