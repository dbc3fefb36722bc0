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
