import { getJob, mediaForJobs, setJobPublic } from '@app/db';
import { isImageAction } from '@app/domain';
import { type GenerationRequest, JOB_FAMILIES, type Provider, createLocalProvider } from '@app/generation';
import { MessageFlags } from 'discord-api-types/v10';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from './fixtures.ts';
import { type DiscordMessage, type Harness, createHarness } from './harness.ts';
import { balanceOf, countJobs } from './queries.ts';

/** /make answers four images of different sizes and their grid; image actions run on the local provider. */
const SIZES = [
  [48, 32],
  [56, 40],
  [64, 48],
  [72, 56],
  [144, 112],
] as const;
const local = createLocalProvider();
const calls: GenerationRequest[] = [];
const provider: Provider = {
  name: 'grid-then-local',
  families: JOB_FAMILIES,
  async run(request, context) {
    calls.push(request);
    if (isImageAction(request.command)) return local.run(request, context);
    const outputs = await Promise.all(
      SIZES.map(async ([width, height], at) => ({
        kind: 'image' as const,
        mime: 'image/png',
        bytes: await png(width, height, request.seed + at),
        width,
        height,
      })),
    );
    return { outputs };
  },
};

let h: Harness;
let owner: string;
let grid: DiscordMessage;

beforeAll(async () => {
  h = await createHarness({ provider });
  owner = (await h.user(100)).discordId;
  await h.command(owner, 'make', { prompt: 'a lighthouse at dusk' });
  grid = await resultOf(owner, '/make');
}, 60_000);
afterAll(async () => {
  await h?.close();
});

function resultOf(discordId: string, command: string, seen = new Set<string>()) {
  return h.waitFor(async () =>
    (await h.messages()).find(
      (m) => m.content.startsWith(`<@${discordId}> your ${command} is ready`) && !seen.has(m.id),
    ),
  );
}
const buttons = (message: DiscordMessage) => message.components!.flatMap((row) => row.components);
const byLabel = (message: DiscordMessage, label: string) => buttons(message).find((b) => b.label === label)!;
const jobOf = (message: DiscordMessage) => buttons(message)[0]!.custom_id.split(':')[1]!;
const imageSize = async (jobId: string) => {
  const [row] = (await mediaForJobs(h.database.db, [jobId])).filter((media) => media.kind === 'image');
  return [row!.width, row!.height];
};

describe('image actions in Discord', () => {
  it('a grid shows U1–U4 and V1–V4 beside the result buttons, within Discord’s limits', () => {
    expect(grid.components).toHaveLength(5);
    expect(
      buttons(grid)
        .slice(0, 6)
        .map((b) => b.label),
    ).toEqual(['Love', 'Edit & regenerate', 'Re-roll', 'Delete', 'Vary', 'GIF']);
    expect(grid.components![3]!.components.map((b) => b.label)).toEqual([
      'U1 Upscale',
      'U2 Upscale',
      'U3 Upscale',
      'U4 Upscale',
    ]);
    expect(grid.components![4]!.components.map((b) => b.label)).toEqual([
      'V1 Vary',
      'V2 Vary',
      'V3 Vary',
      'V4 Vary',
    ]);
  });

  it('U2 posts image 2 at twice its size, with the single-image actions under it', async () => {
    const before = await balanceOf(h.database, owner);
    const press = await h.click(owner, grid.id, byLabel(grid, 'U2 Upscale').custom_id);
    expect(press.response?.data?.content).toContain('/upscale-2x: Your request is queued');
    const upscaled = await resultOf(owner, '/upscale-2x');
    expect(await imageSize(jobOf(upscaled))).toEqual([112, 80]);
    expect((await balanceOf(h.database, owner))!.credits).toBe(before!.credits - 2);
    const labels = buttons(upscaled).map((b) => b.label);
    expect(labels).toEqual(
      expect.arrayContaining(['Upscale 4×', 'Vary (Subtle)', 'Zoom Out 2×', 'Pan Left', 'Make Square']),
    );
    expect(upscaled.components!.length).toBeLessThanOrEqual(5);

    // Zoom Out 2× on it: a canvas twice as large.
    await h.click(owner, upscaled.id, byLabel(upscaled, 'Zoom Out 2×').custom_id);
    const zoomed = await resultOf(owner, '/zoom-out-2x');
    expect(await imageSize(jobOf(zoomed))).toEqual([224, 160]);
  });

  it('V3 varies image 3; a double press of U3 makes one job, charged once', async () => {
    await h.click(owner, grid.id, byLabel(grid, 'V3 Vary').custom_id);
    await resultOf(owner, '/vary');
    expect(calls.at(-1)).toMatchObject({ command: 'vary', options: { index: 3 } });
    const input = await sharp(calls.at(-1)!.inputs.image![0]!.bytes).metadata();
    expect([input.width, input.height]).toEqual([64, 48]);

    const jobs = await countJobs(h.database, owner);
    const before = await balanceOf(h.database, owner);
    const id = byLabel(grid, 'U3 Upscale').custom_id;
    const presses = await Promise.all([h.click(owner, grid.id, id), h.click(owner, grid.id, id)]);
    for (const press of presses) expect(press.response?.data?.content).toContain('/upscale-2x');
    expect(await countJobs(h.database, owner)).toBe(jobs + 1);
    expect((await balanceOf(h.database, owner))!.credits).toBe(before!.credits - 2);
  });

  it('Custom Zoom asks for the factor; one outside 1–2 is refused privately and costs nothing', async () => {
    const single = await resultOf(owner, '/upscale-2x');
    const opened = await h.click(owner, single.id, byLabel(single, 'Custom Zoom').custom_id);
    expect(opened.response?.type).toBe(9);
    const before = await balanceOf(h.database, owner);
    const refused = await h.submitModal(owner, { prompt: 'a lighthouse at dusk', factor: '3' });
    expect(refused.response?.data?.flags).toBe(MessageFlags.Ephemeral);
    expect(refused.response?.data?.content).toMatch(/factor/i);
    expect(await balanceOf(h.database, owner)).toEqual(before);
  });

  it('refuses a stranger’s press on a private result with a private answer, charging nothing', async () => {
    const stranger = (await h.user(20)).discordId;
    await setJobPublic(h.database.db, jobOf(grid), false);
    const refused = await h.click(stranger, grid.id, byLabel(grid, 'U1 Upscale').custom_id);
    expect(refused.response?.data?.flags).toBe(MessageFlags.Ephemeral);
    expect((await balanceOf(h.database, stranger))!.credits).toBe(20);
    expect(await getJob(h.database.db, jobOf(grid))).not.toBeNull();
  });

  it('/show brings a private result back to its owner only, and a public one to anyone', async () => {
    const stranger = (await h.user(0)).discordId;
    const id = jobOf(grid);
    await setJobPublic(h.database.db, id, false);
    type Shown = { content?: string; flags?: number; components?: { components: { label?: string }[] }[] };
    const shown = async (who: string) => (await h.command(who, 'show', { job: id })).response?.data as Shown;

    const mine = await shown(owner);
    expect(mine.flags).toBe(MessageFlags.Ephemeral);
    expect(mine.content).toContain('/make: **a lighthouse at dusk**');
    expect(mine.components?.flatMap((row) => row.components).map((b) => b.label)).toContain('U2 Upscale');

    const refused = await shown(stranger);
    expect(refused.flags).toBe(MessageFlags.Ephemeral);
    expect(refused.content).toBe('There is no result with that id that you can see.');
    expect(refused.components ?? []).toEqual([]);

    await setJobPublic(h.database.db, id, true);
    const publicly = await shown(stranger);
    expect(publicly.flags ?? 0).toBe(0);
    expect(publicly.components).toHaveLength(5);
  });

  it('with Remix on, Vary (Subtle) first opens the prompt, and the edited prompt is the one generated', async () => {
    const remixer = (await h.user(40)).discordId;
    await h.command(remixer, 'settings');
    const settings = await h.waitFor(async () =>
      (await h.messages()).find(
        (m) => m.content.startsWith('**Your defaults**') && m.content.includes('Remix: off'),
      ),
    );
    await h.click(remixer, settings.id, 'settings:remix');
    await h.waitFor(async () =>
      (await h.messages()).find((m) => m.id === settings.id && m.content.includes('Remix: on')),
    );

    const single = await resultOf(owner, '/upscale-2x');
    const before = await balanceOf(h.database, remixer);
    const opened = await h.click(remixer, single.id, byLabel(single, 'Vary (Subtle)').custom_id);
    expect(opened.response?.type).toBe(9);
    expect(await balanceOf(h.database, remixer)).toEqual(before);
    const submitted = await h.submitModal(remixer, { prompt: 'a lighthouse under snow' });
    expect(submitted.response?.data?.content).toContain('/vary-subtle: Your request is queued');
    await resultOf(remixer, '/vary-subtle');
    expect(calls.at(-1)).toMatchObject({ command: 'vary-subtle', prompt: 'a lighthouse under snow' });
    expect((await balanceOf(h.database, remixer))!.credits).toBe(before!.credits - 4);

    // Upscales are not remixed: they make the job at once.
    const upscale = await h.click(remixer, single.id, byLabel(single, 'Upscale 4×').custom_id);
    expect(upscale.response?.data?.content).toContain('/upscale-4x: Your request is queued');
  });
});
