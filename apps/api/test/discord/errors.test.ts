import { priceOf } from '@app/domain';
import { MessageFlags } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachment, type Harness, createHarness } from './harness.ts';
import { png, zip } from './fixtures.ts';
import { balanceOf, countJobs } from './queries.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
}, 60_000);
afterAll(async () => {
  await h?.close();
});

/** The ephemeral answer the user alone sees, after checking nothing was queued or charged. */
async function refusal(
  discordId: string,
  command: string,
  options: Record<string, unknown>,
  channel?: string,
) {
  const before = await balanceOf(h.database, discordId);
  const outcome = await h.command(discordId, command, options, channel);
  expect(outcome.response?.type).toBe(4);
  expect(outcome.response?.data?.flags).toBe(MessageFlags.Ephemeral);
  expect(await countJobs(h.database, discordId)).toBe(0);
  expect(await balanceOf(h.database, discordId)).toEqual(before);
  return outcome.response!.data!.content!;
}

describe('refusals are ephemeral and change nothing', () => {
  it('a command outside its channels names the right ones as channel mentions', async () => {
    const { discordId } = await h.user(100_000, 1000);
    const text = await refusal(discordId, 'video', { prompt: 'a wave' }, 'image-3');
    const channels = h.emulator.channels();
    const video1 = channels.find((channel) => channel.name === 'video-1')!;
    expect(text).toContain(`<#${video1.id}>`);
    expect(text).toMatch(/^\/video works in <#\d+>/);
    expect(text).not.toContain('image-3');
    expect(await refusal(discordId, 'make', { prompt: 'a tune' }, 'music')).toContain('/make works in <#');
  });

  it('a horror channel that Discord does not mark age-restricted runs nothing; one that it marks runs', async () => {
    const { discordId } = await h.user(100_000, 1000);
    h.emulator.setChannelNsfw('image-horror', false);
    try {
      expect(await refusal(discordId, 'make', { prompt: 'a ghoul' }, 'image-horror')).toMatch(
        /is for 18\+ horror and gore, but Discord does not mark it age-restricted/,
      );
    } finally {
      h.emulator.setChannelNsfw('image-horror', true);
    }
    const outcome = await h.command(discordId, 'make', { prompt: 'a ghoul' }, 'image-horror');
    expect(outcome.response?.data?.content).toContain('/make: Your request is queued');
  });

  it('not enough credits: the cost, the balance and the credits page', async () => {
    const { discordId } = await h.user(1);
    const text = await refusal(discordId, 'make', { prompt: 'a castle' });
    expect(text).toContain(`costs ${priceOf('make').credits} credits`);
    expect(text).toContain('you have 1 credits');
    expect(text).toContain(`${h.base}/credits`);
  });

  it('bad options: which one and why', async () => {
    const { discordId } = await h.user(1000);
    const text = await refusal(discordId, 'change', {
      prompt: 'brighter',
      image: attachment('a.png', 'image/png', Buffer.from('not an image at all')),
    });
    expect(text).toMatch(/^image \(a\.png\): .*judged by its contents/);
    const text2 = await refusal(discordId, 'make', { prompt: 'x'.repeat(2001) });
    expect(text2).toContain('prompt of /make must be at most 2000 characters');
  });

  it('an unknown LoRA lists the names the user has', async () => {
    const { discordId } = await h.user(1000);
    const text = await refusal(discordId, 'make', { prompt: 'a knight -lora NoSuchModel' });
    expect(text).toContain('NoSuchModel was not found');
    expect(text).toContain('You have no trained LoRAs yet');
  });

  it('a ZIP of 41 images is refused with the limit', async () => {
    const { discordId } = await h.user(1000);
    const image = await png(16, 16);
    const archive = zip(
      Array.from({ length: 41 }, (_, index) => ({ name: `img${index}.png`, bytes: image })),
    );
    const text = await refusal(discordId, 'loracreatefromzip', {
      name: 'TooMany',
      zip: attachment('set.zip', 'application/zip', archive),
    });
    expect(text).toContain('holds 8 to 40');
  });
});
