import { getJob } from '@app/db';
import { priceOf } from '@app/domain';
import { MessageFlags } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DiscordMessage, type Harness, createHarness } from './harness.ts';
import { balanceOf, countJobs } from './queries.ts';

let h: Harness;
let owner: string;
let other: string;
let result: DiscordMessage;

beforeAll(async () => {
  h = await createHarness();
  owner = (await h.user(1000)).discordId;
  other = (await h.user(1000)).discordId;
  await h.command(owner, 'make', { prompt: 'a lighthouse at dusk' });
  result = await resultFor(owner, 'a lighthouse at dusk');
}, 60_000);
afterAll(async () => {
  await h?.close();
});

const resultFor = (discordId: string, prompt: string) =>
  h.waitFor(async () =>
    (await h.messages()).find(
      (m) => m.content.startsWith(`<@${discordId}> your`) && m.content.includes(prompt),
    ),
  );
const button = (message: DiscordMessage, action: string) =>
  message.components!.flatMap((row) => row.components).find((c) => c.custom_id.startsWith(`${action}:`))!;
const jobIdOf = (message: DiscordMessage) => button(message, 'love').custom_id.split(':')[1]!;
const current = async (id: string) => (await h.messages()).find((m) => m.id === id);

describe('result buttons', () => {
  it('love counts once per user; a second click takes it back', async () => {
    await h.click(other, result.id, button(result, 'love').custom_id);
    expect(button((await current(result.id))!, 'love').label).toBe('Love (1)');
    await h.click(owner, result.id, button(result, 'love').custom_id);
    expect(button((await current(result.id))!, 'love').label).toBe('Love (2)');
    await h.click(other, result.id, button(result, 'love').custom_id);
    expect(button((await current(result.id))!, 'love').label).toBe('Love (1)');
  });

  it('re-roll by another user is their own job, charged to them, and pings them', async () => {
    const before = await balanceOf(h.database, other);
    const outcome = await h.click(other, result.id, button(result, 'reroll').custom_id);
    expect(outcome.response?.data?.content).toContain('/make: Your request is queued');
    expect(outcome.response?.data?.flags ?? 0).toBe(0);
    const rerolled = await resultFor(other, 'a lighthouse at dusk');
    expect(rerolled.attachments).toHaveLength(1);
    expect(await balanceOf(h.database, other)).toEqual({
      credits: before!.credits - priceOf('make').credits,
      hypercredits: 0,
    });
  });

  it('vary and GIF make new image jobs', async () => {
    const jobs = await countJobs(h.database, owner);
    await h.click(owner, result.id, button(result, 'vary').custom_id);
    await h.click(owner, result.id, button(result, 'gif').custom_id);
    await h.waitFor(
      async () =>
        (await h.messages()).filter(
          (m) =>
            m.content.startsWith(`<@${owner}> your /vary`) || m.content.startsWith(`<@${owner}> your /gif`),
        ).length === 2,
    );
    expect(await countJobs(h.database, owner)).toBe(jobs + 2);
  });

  it('edit opens a modal holding the prompt; submitting it makes a new job with the new prompt', async () => {
    const outcome = await h.click(owner, result.id, button(result, 'edit').custom_id);
    expect(outcome.response?.type).toBe(9);
    const modal = outcome.response as unknown as {
      data: { components: { components: { value: string }[] }[] };
    };
    expect(modal.data.components[0]!.components[0]!.value).toBe('a lighthouse at dusk');
    const submitted = await h.submitModal(owner, { prompt: 'a lighthouse in a storm' });
    expect(submitted.response?.data?.content).toContain('/make: Your request is queued');
    const edited = await resultFor(owner, 'a lighthouse in a storm');
    // The new result carries the whole row of result buttons, for the new job, not the original.
    const ids = edited
      .components!.flatMap((row) => row.components)
      .filter((c) => !c.custom_id.startsWith('act:'))
      .map((c) => c.custom_id.split(':'));
    expect(ids.map(([action]) => action)).toEqual(['love', 'edit', 'reroll', 'delete', 'vary', 'gif']);
    expect(new Set(ids.map(([, jobId]) => jobId))).toEqual(new Set([jobIdOf(edited)]));
    expect(jobIdOf(edited)).not.toBe(jobIdOf(result));
  });

  it("another user's delete is refused, ephemeral; the owner's removes the message and the creation", async () => {
    const refused = await h.click(other, result.id, button(result, 'delete').custom_id);
    expect(refused.response?.data?.flags).toBe(MessageFlags.Ephemeral);
    expect(refused.response?.data?.content).toContain('Only the creator');
    // The message stays.
    expect((await current(result.id))?.id).toBe(result.id);

    await h.click(owner, result.id, button(result, 'delete').custom_id);
    expect(await current(result.id)).toBeUndefined();
    expect(await getJob(h.database.db, jobIdOf(result))).toBeNull();
  });
});
