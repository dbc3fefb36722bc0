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
  it('posts the 2×2 grid of real, decodable wide images once, titled from the prompt, the singles behind its buttons', async () => {
    const { discordId } = await h.user(100);
    await h.command(discordId, 'make', { prompt: 'a lighthouse on a cliff at sunset -wide' });
    const result = await h.waitFor(
      async () =>
        (await h.messages()).find((m) => m.content.startsWith(`<@${discordId}> your /make is ready`)),
      90_000,
    );
    // The grid alone is attached; it is named from the prompt, without its flags.
    expect(result.attachments.map((file) => file.filename)).toEqual([
      'a-lighthouse-on-a-cliff-at-sunset.png',
    ]);
    const grid = await sharp(
      Buffer.from(await (await fetch(result.attachments[0]!.url)).arrayBuffer()),
    ).metadata();
    expect(grid.width / grid.height).toBeCloseTo(16 / 9, 1);
    const components = result.components!.flatMap((row) => row.components) as {
      custom_id?: string;
      url?: string;
      label?: string;
    }[];
    // The six result buttons, then U1–U4 and V1–V4.
    expect(components.filter((c) => c.custom_id && !c.custom_id.startsWith('act:'))).toHaveLength(6);
    expect(components.filter((c) => c.custom_id?.startsWith('act:')).map((c) => c.label)).toEqual([
      ...[1, 2, 3, 4].map((n) => `U${n} Upscale`),
      ...[1, 2, 3, 4].map((n) => `V${n} Vary`),
    ]);
    const singles = components.filter((c) => c.url);
    expect(singles.map((c) => c.label)).toEqual(['Image 1', 'Image 2', 'Image 3', 'Image 4']);
    for (const single of singles) {
      const meta = await sharp(Buffer.from(await (await fetch(single.url!)).arrayBuffer())).metadata();
      expect(meta.width / meta.height).toBeCloseTo(16 / 9, 1);
      // Each single is half the grid's width.
      expect(meta.width * 2).toBeLessThanOrEqual(grid.width + 8);
    }
  }, 120_000);
});
