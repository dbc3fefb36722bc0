import { ProviderError } from '@app/generation';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../helpers.ts';
import {
  createJobsApp,
  png,
  scriptedProvider,
  startTestWorker,
  submit,
  upload,
  user,
  waitForJob,
} from './helpers.ts';

/** Trains like a real backend: one preview image and the model; a model named Broken fails. */
const trainer = scriptedProvider(async (request) => {
  if (request.modelName === 'Broken')
    throw new ProviderError('TRAINING_FAILED', 'The trainer gave up.', { retryable: false });
  return {
    outputs: [
      { kind: 'image', mime: 'image/png', bytes: await png(96, 64, request.seed), width: 96, height: 64 },
    ],
    loraReference: JSON.stringify({ style: request.modelName }),
  };
});

let t: TestContext;
let stopWorker: (() => Promise<void>) | undefined;
beforeAll(async () => {
  t = await createJobsApp();
});
afterAll(async () => {
  await stopWorker?.();
  await t.close();
});

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

async function train(cookie: string, name: string, visibility: { public?: boolean } = {}) {
  const options: Record<string, string> = { name };
  for (let index = 1; index <= 8; index++) {
    const sent = await upload(t, cookie, await png(64, 64, index * 20), `face-${index}.png`);
    options[`image${index}`] = sent.json().upload.id;
  }
  const response = await submit(t, cookie, { command: 'loracreate', options, ...visibility });
  expect(response.statusCode, response.body).toBe(202);
  return response.json().job.id as string;
}

describe('GET /api/loras sample images', () => {
  it('lists no samples while training, the training images once ready, none for a failed training', async () => {
    const owner = await user(t, 'trainer', { credits: 1000 });
    const jobId = await train(owner.cookie, 'Portrait');
    const failedId = await train(owner.cookie, 'Broken');

    // No worker yet: both are still training.
    const before = (await get('/api/loras', owner.cookie)).json().loras;
    expect(before).toEqual([
      expect.objectContaining({ name: 'Broken', status: 'training', samples: [] }),
      expect.objectContaining({ name: 'Portrait', status: 'training', samples: [] }),
    ]);

    stopWorker = await startTestWorker(t, trainer);
    expect((await waitForJob(t, owner.cookie, jobId)).status).toBe('succeeded');
    expect((await waitForJob(t, owner.cookie, failedId)).status).toBe('failed');

    const after = (await get('/api/loras', owner.cookie)).json().loras;
    const broken = after.find((lora: { name: string }) => lora.name === 'Broken');
    expect(broken).toMatchObject({ status: 'failed', samples: [] });
    const ready = after.find((lora: { name: string }) => lora.name === 'Portrait');
    expect(ready).toMatchObject({ status: 'ready' });
    expect(ready.samples).toEqual([
      {
        url: expect.stringMatching(new RegExp(`^/media/jobs/${jobId}/0-[\\w-]+\\.png$`)),
        thumbUrl: expect.stringMatching(new RegExp(`^/media/jobs/${jobId}/0-[\\w-]+\\.thumb\\.webp$`)),
        mime: 'image/png',
        width: 96,
        height: 64,
      },
    ]);
    const [sample] = ready.samples;
    const full = await get(sample.url, owner.cookie);
    expect(full.statusCode).toBe(200);
    expect(await sharp(full.rawPayload).metadata()).toMatchObject({ format: 'png', width: 96, height: 64 });
    const thumb = await get(sample.thumbUrl, owner.cookie);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
  });

  it("gives each user only their own models' samples, and nothing to a visitor", async () => {
    const owner = await user(t, 'owner', { credits: 1000 });
    const other = await user(t, 'other', { credits: 1000 });
    stopWorker ??= await startTestWorker(t, trainer);
    const jobId = await train(owner.cookie, 'Secret');
    expect((await waitForJob(t, owner.cookie, jobId)).status).toBe('succeeded');
    const mine = (await get('/api/loras', owner.cookie)).json().loras;
    expect(mine).toEqual([expect.objectContaining({ name: 'Secret', samples: [expect.anything()] })]);

    const theirs = await get('/api/loras', other.cookie);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toEqual({ loras: [] });
    expect(theirs.body).not.toContain(jobId);

    const visitor = await get('/api/loras');
    expect(visitor.statusCode).toBe(401);
    expect(visitor.body).not.toContain(jobId);
  });

  it('keeps training previews out of the public gallery unless the owner shows them', async () => {
    const owner = await user(t, 'shy', { credits: 2000 });
    stopWorker ??= await startTestWorker(t, trainer);
    const hidden = await train(owner.cookie, 'Private');
    const shown = await train(owner.cookie, 'Shown', { public: true });
    expect((await waitForJob(t, owner.cookie, hidden)).public).toBe(false);
    expect((await waitForJob(t, owner.cookie, shown)).public).toBe(true);
    const gallery = (await get('/api/jobs?public=true')).json().jobs.map((job: { id: string }) => job.id);
    expect(gallery).not.toContain(hidden);
    expect(gallery).toContain(shown);
    expect((await get(`/api/jobs/${hidden}`)).statusCode).toBe(404);
  });
});
