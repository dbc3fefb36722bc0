import { describe, expect, it } from 'vitest';
import { countComponents, leadingText, resultCard, withButtonLabel } from './messages.ts';

const JOB = '0f8fad5b-d9cb-469f-a165-70867728950e';
const image = (n: number) => ({
  name: `fox-${n}.png`,
  bytes: 1000,
  url: `https://x/media/${n}.png`,
  visual: true,
});

describe('a result as a Components V2 card', () => {
  const { payload, attach } = resultCard({
    jobId: JOB,
    discordUserId: '111',
    command: 'make',
    prompt: 'a red fox',
    files: [1, 2, 3, 4].map(image),
    image: true,
    loves: 0,
    cost: { credits: 4, hypercredits: 0 },
    actions: { kind: 'grid', images: 4 },
  });
  const container = payload.components![0] as { type: number; components: Record<string, unknown>[] };

  it('carries the flag, no content, and a Media Gallery of the grid’s four attached images', () => {
    expect(payload.flags).toBe(1 << 15);
    expect(payload.content).toBeUndefined();
    expect(container.type).toBe(17);
    const gallery = container.components.find((c) => c.type === 12) as {
      items: { media: { url: string } }[];
    };
    expect(gallery.items.map((item) => item.media.url)).toEqual(
      [1, 2, 3, 4].map((n) => `attachment://fox-${n}.png`),
    );
    expect(attach.map((file) => file.name)).toEqual([1, 2, 3, 4].map((n) => `fox-${n}.png`));
  });

  it('pings first, then says the prompt and the cost, with the buttons in action rows', () => {
    expect(leadingText(payload)).toBe('<@111> your /make is ready.');
    expect(payload.allowed_mentions).toEqual({ users: ['111'] });
    const text = container.components.filter((c) => c.type === 10).map((c) => c.content as string);
    expect(text.at(-1)).toContain('**Prompt:** a red fox');
    expect(text.at(-1)).toContain('**Cost:** 4 credits');
    const rows = payload.components!.slice(1) as { type: number; components: { custom_id?: string }[] }[];
    expect(rows.every((row) => row.type === 1)).toBe(true);
    expect(rows[0]!.components.map((c) => c.custom_id?.split(':')[0])).toContain('love');
    expect(countComponents(payload.components!)).toBeLessThanOrEqual(40);
  });

  it('shows a file too big to attach from its link, and an audio result as a File component', () => {
    const big = resultCard({
      jobId: JOB,
      discordUserId: '1',
      command: 'music',
      files: [
        { name: 'tune.mp3', bytes: 1000, url: 'https://x/media/tune.mp3' },
        { name: 'huge.png', bytes: 11 * 1024 * 1024, url: 'https://x/media/huge.png', visual: true },
      ],
      image: false,
      loves: 0,
      cost: { credits: 4, hypercredits: 0 },
    });
    const inside = (big.payload.components![0] as unknown as { components: Record<string, unknown>[] })
      .components;
    expect(inside.find((c) => c.type === 13)).toMatchObject({ file: { url: 'attachment://tune.mp3' } });
    expect(inside.find((c) => c.type === 12)).toMatchObject({
      items: [{ media: { url: 'https://x/media/huge.png' } }],
    });
    expect(big.attach.map((file) => file.name)).toEqual(['tune.mp3']);
  });

  it('changes a button’s label in place, the gallery untouched', () => {
    const updated = withButtonLabel(payload.components!, `love:${JOB}`, 'Love (1)');
    expect(JSON.stringify(updated)).toContain('"Love (1)"');
    expect(updated[0]).toEqual(payload.components![0]);
  });
});
