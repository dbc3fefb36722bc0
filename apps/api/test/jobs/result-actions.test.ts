import { findUserById, mediaForJobs } from '@app/db';
import { ProviderError, createLocalProvider } from '@app/generation';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../helpers.ts';
import {
  createJobsApp,
  png,
  scriptedProvider,
  startTestWorker,
  submit,
  user,
  waitForJob,
} from './helpers.ts';

/**
 * Result actions through the real pipeline and the local provider. A /make here answers four images
 * of different sizes and their grid, so which image an action picked shows in its result's size;
 * image 4 is wide enough that upscaling it 4× passes the largest side.
 */
const SIZES = [
  [48, 32],
  [56, 40],
  [64, 48],
  [1100, 40],
] as const;
const local = createLocalProvider();
const provider = scriptedProvider(async (request, context) => {
  if (request.prompt.includes('fail on purpose')) {
    throw new ProviderError('LOCAL_FAILED', 'It broke.', { retryable: false });
  }
  if (request.command !== 'make') return local.run(request, context);
  const outputs = await Promise.all(
    [...SIZES, [96, 72]].map(async ([width, height], index) => ({
      kind: 'image' as const,
      mime: 'image/png',
      bytes: await png(width, height, 40 * index),
      width,
      height,
    })),
  );
  return { outputs };
});

let t: TestContext;
let stopWorker: () => Promise<void>;
beforeAll(async () => {
  t = await createJobsApp();
  stopWorker = await startTestWorker(t, provider);
});
afterAll(async () => {
  await stopWorker();
  await t.close();
});

const credits = async (id: string) => (await findUserById(t.database.db, id))!.credits;
const act = (cookie: string, id: string, body: object) =>
  t.app.inject({ method: 'POST', url: `/api/jobs/${id}/actions`, payload: body, headers: { cookie } });

/** The stored images of a job, decoded to their sizes and bytes. */
async function imagesOf(id: string) {
  const rows = (await mediaForJobs(t.database.db, [id])).filter((row) => row.kind === 'image');
  return Promise.all(
    rows.map(async (row) => {
      const bytes = (await t.app.generation.storage.get(row.storageKey))!.bytes;
      const meta = await sharp(bytes).metadata();
      return { bytes, width: meta.width, height: meta.height };
    }),
  );
}

function meanDifference(a: Buffer, b: Buffer): number {
  expect(a.length).toBe(b.length);
  let sum = 0;
  for (let index = 0; index < a.length; index++) sum += Math.abs(a[index]! - b[index]!);
  return sum / a.length;
}

async function grid(cookie: string) {
  const job = (await submit(t, cookie, { command: 'make', options: { prompt: 'a harbour at dawn' } })).json()
    .job;
  expect((await waitForJob(t, cookie, job.id)).status).toBe('succeeded');
  return job.id as string;
}

async function runAction(cookie: string, id: string, body: object) {
  const response = await act(cookie, id, body);
  expect(response.statusCode, response.body).toBe(202);
  const done = await waitForJob(t, cookie, response.json().job.id);
  expect(done.status).toBe('succeeded');
  return done.id as string;
}

describe('result actions', () => {
  it('U2 upscales image 2 to twice its size, 4× to four times; zoom, pan and make square reshape it', async () => {
    const me = await user(t, 'upscaler', { credits: 100 });
    const id = await grid(me.cookie);
    const before = await credits(me.id);

    const u2 = await runAction(me.cookie, id, { action: 'upscale-2x', index: 2 });
    const [upscaled] = await imagesOf(u2);
    expect([upscaled!.width, upscaled!.height]).toEqual([112, 80]);
    expect(await credits(me.id)).toBe(before - 2);

    const [fourTimes] = await imagesOf(await runAction(me.cookie, id, { action: 'upscale-4x', index: 3 }));
    expect([fourTimes!.width, fourTimes!.height]).toEqual([256, 192]);

    const [zoomed] = await imagesOf(await runAction(me.cookie, u2, { action: 'zoom-out-2x' }));
    expect([zoomed!.width, zoomed!.height]).toEqual([224, 160]);
    const middle = await sharp(zoomed!.bytes)
      .extract({ left: 56, top: 40, width: 112, height: 80 })
      .raw()
      .toBuffer();
    expect(meanDifference(middle, await sharp(upscaled!.bytes).raw().toBuffer())).toBe(0);

    const [panned] = await imagesOf(await runAction(me.cookie, u2, { action: 'pan-left' }));
    expect([panned!.width, panned!.height]).toEqual([168, 80]);
    const right = await sharp(panned!.bytes)
      .extract({ left: 56, top: 0, width: 112, height: 80 })
      .raw()
      .toBuffer();
    expect(meanDifference(right, await sharp(upscaled!.bytes).raw().toBuffer())).toBe(0);

    const [square] = await imagesOf(await runAction(me.cookie, u2, { action: 'make-square' }));
    expect([square!.width, square!.height]).toEqual([112, 112]);

    const [custom] = await imagesOf(await runAction(me.cookie, u2, { action: 'zoom-custom', factor: 1.5 }));
    expect([custom!.width, custom!.height]).toEqual([168, 120]);
  });

  it('V3 varies image 3 into a grid of its size', async () => {
    const me = await user(t, 'varier', { credits: 40 });
    const id = await grid(me.cookie);
    const varied = await imagesOf(await runAction(me.cookie, id, { action: 'vary', index: 3 }));
    expect(varied).toHaveLength(5);
    expect(varied.slice(0, 4).map((image) => [image.width, image.height])).toEqual(Array(4).fill([64, 48]));
    expect(provider.calls.at(-1)?.work).toEqual({ kind: 'variation', denoise: 0.4 });
  });

  it('refuses bad actions with a clear 4xx and charges nothing', async () => {
    const me = await user(t, 'refused', { credits: 40, hypercredits: 40 });
    const id = await grid(me.cookie);
    const u1 = await runAction(me.cookie, id, { action: 'upscale-2x', index: 1 });
    const square = await runAction(me.cookie, u1, { action: 'make-square' });
    const before = await credits(me.id);
    const refusals: [string, object, number, string][] = [
      [id, { action: 'zoom-custom', factor: 2.5 }, 400, 'BAD_OPTIONS'],
      [id, { action: 'zoom-custom', factor: 0.5 }, 400, 'BAD_OPTIONS'],
      [id, { action: 'zoom-custom' }, 400, 'BAD_OPTIONS'],
      [id, { action: 'upscale-4x', index: 4 }, 400, 'TOO_LARGE'],
      [id, { action: 'upscale-2x', index: 5 }, 400, 'NO_SUCH_IMAGE'],
      [u1, { action: 'vary', index: 2 }, 400, 'NO_SUCH_IMAGE'],
      [square, { action: 'make-square' }, 400, 'ALREADY_SQUARE'],
      [id, { action: 'teleport' }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [target, body, status, code] of refusals) {
      const response = await act(me.cookie, target, body);
      expect([response.statusCode, response.json().error?.code], JSON.stringify(body)).toEqual([
        status,
        expect.stringMatching(code === 'VALIDATION_FAILED' ? /./ : new RegExp(`^${code}$`)),
      ]);
      expect(response.json().error.message.length).toBeGreaterThan(5);
    }
    expect(await credits(me.id)).toBe(before);
  });

  it("refuses a pan on a video, and actions on a stranger's private or a deleted result", async () => {
    const me = await user(t, 'owner', { credits: 40, hypercredits: 40 });
    const stranger = await user(t, 'stranger', { credits: 40 });
    const video = (await submit(t, me.cookie, { command: 'video', options: { prompt: 'waves' } })).json().job;
    expect((await waitForJob(t, me.cookie, video.id, 60_000)).status).toBe('succeeded');
    const pan = await act(me.cookie, video.id, { action: 'pan-left' });
    expect([pan.statusCode, pan.json().error.code]).toEqual([400, 'NOT_AN_IMAGE']);

    const id = await grid(me.cookie);
    const hide = await t.app.inject({
      method: 'PATCH',
      url: `/api/jobs/${id}`,
      payload: { public: false },
      headers: { cookie: me.cookie },
    });
    expect(hide.statusCode).toBe(200);
    const foreign = await act(stranger.cookie, id, { action: 'upscale-2x' });
    expect(foreign.statusCode).toBe(404);
    expect(await credits(stranger.id)).toBe(40);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/jobs/${id}`,
      headers: { cookie: me.cookie },
    });
    expect(deleted.statusCode).toBe(200);
    const before = await credits(me.id);
    const gone = await act(me.cookie, id, { action: 'vary-subtle' });
    expect(gone.statusCode).toBeGreaterThanOrEqual(400);
    expect(gone.statusCode).toBeLessThan(500);
    expect(await credits(me.id)).toBe(before);
  });

  it('makes one job of a double press and refunds a failed action once', async () => {
    const me = await user(t, 'presser', { credits: 40 });
    const id = await grid(me.cookie);
    const before = await credits(me.id);
    const press = { action: 'vary-strong', index: 1, requestId: 'press-0001-vary-strong' };
    const [first, second] = await Promise.all([act(me.cookie, id, press), act(me.cookie, id, press)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 202]);
    expect(first.json().job.id).toBe(second.json().job.id);
    await waitForJob(t, me.cookie, first.json().job.id);
    expect(await credits(me.id)).toBe(before - 4);

    // Remix: the edited prompt is the one the action's job runs with; here it fails, refunded once.
    const failing = await act(me.cookie, id, { action: 'zoom-out-1.5x', prompt: 'fail on purpose' });
    expect(failing.statusCode).toBe(202);
    expect(await credits(me.id)).toBe(before - 8);
    expect((await waitForJob(t, me.cookie, failing.json().job.id)).status).toBe('failed');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await credits(me.id)).toBe(before - 4);
  });

  it('lists every action with its price', async () => {
    const prices = (await t.app.inject({ method: 'GET', url: '/api/jobs/prices' })).json().prices;
    const byName = Object.fromEntries(
      prices.map((entry: { command: string; cost: object }) => [entry.command, entry.cost]),
    );
    expect(byName).toMatchObject({
      'upscale-2x': { credits: 2 },
      'upscale-4x': { credits: 4 },
      'vary-subtle': { credits: 4 },
      'zoom-custom': { credits: 4 },
      'pan-down': { credits: 4 },
      'make-square': { credits: 4 },
    });
  });
});
