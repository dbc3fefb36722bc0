import { getJob, mediaForJobs, readBalance } from '@app/db';
import { ProviderError } from '@app/generation';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { startWorker } from '../src/worker/start-worker.ts';
import {
  allFamilies,
  createPipeline,
  createUserWith,
  enqueue,
  memoryStorage,
  pngOf,
  scriptedProvider,
  waitFor,
  type Pipeline,
} from './helpers.ts';

let pipeline: Pipeline | undefined;
afterEach(async () => {
  await pipeline?.close();
  pipeline = undefined;
});

const ended = (p: Pipeline, id: string) => async () => {
  const job = await getJob(p.database.db, id);
  return job && ['succeeded', 'failed', 'cancelled'].includes(job.status) ? job : null;
};

describe('worker', () => {
  it('runs a queued job through its provider, stores the outputs with thumbnails and keeps the charge', async () => {
    pipeline = await createPipeline();
    const storage = memoryStorage();
    const image = await pngOf(640, 360);
    const provider = scriptedProvider(async (request, context) => {
      context.onProgress(0.5);
      return {
        outputs: [{ kind: 'image', mime: 'image/png', bytes: image, width: 640, height: 360 }],
        text: request.prompt,
      };
    });
    const worker = await startWorker({ ...pipeline, storage, providers: allFamilies(provider) });
    const user = await createUserWith(pipeline.database, 20);
    const job = await enqueue(pipeline, user.id, {
      command: 'make',
      options: { prompt: 'a fox -wide' },
      price: 4,
    });

    const done = await waitFor(ended(pipeline, job.id));
    await worker.stop();
    expect(done.status).toBe('succeeded');
    expect(done.resultText).toBe('a fox');
    expect(await readBalance(pipeline.database.db, user.id, 'credits')).toBe(16);
    const [row] = await mediaForJobs(pipeline.database.db, [job.id]);
    expect(row).toMatchObject({ kind: 'image', mime: 'image/png', width: 640, height: 360 });
    expect(storage.objects.get(row!.storageKey)?.bytes.equals(image)).toBe(true);
    const thumb = await sharp(storage.objects.get(row!.thumbKey!)!.bytes).metadata();
    expect(thumb.format).toBe('webp');
    expect(Math.max(thumb.width, thumb.height)).toBeLessThan(640);
  });

  it('refunds exactly once when the provider always fails, after the retries, and shows the error', async () => {
    pipeline = await createPipeline({ retryLimit: 2 });
    const provider = scriptedProvider(async () => {
      throw new ProviderError('BACKEND_DOWN', 'The image server is not answering.', { retryable: true });
    });
    const worker = await startWorker({
      ...pipeline,
      storage: memoryStorage(),
      providers: allFamilies(provider),
    });
    const user = await createUserWith(pipeline.database, 10);
    const job = await enqueue(pipeline, user.id, { command: 'make', options: { prompt: 'x' }, price: 4 });
    expect(await readBalance(pipeline.database.db, user.id, 'credits')).toBe(6);

    const done = await waitFor(ended(pipeline, job.id), 40_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await worker.stop();
    expect(done).toMatchObject({
      status: 'failed',
      errorCode: 'BACKEND_DOWN',
      errorMessage: 'The image server is not answering.',
    });
    expect(provider.calls).toBe(3);
    expect(await readBalance(pipeline.database.db, user.id, 'credits')).toBe(10);
  }, 60_000);

  it('fails at once, refunded, on a failure that retrying cannot fix', async () => {
    pipeline = await createPipeline();
    const provider = scriptedProvider(async () => {
      throw new ProviderError('BAD_PROMPT', 'The prompt cannot be drawn.', { retryable: false });
    });
    const worker = await startWorker({
      ...pipeline,
      storage: memoryStorage(),
      providers: allFamilies(provider),
    });
    const user = await createUserWith(pipeline.database, 10);
    const job = await enqueue(pipeline, user.id, { command: 'make', options: { prompt: 'x' }, price: 4 });
    const done = await waitFor(ended(pipeline, job.id));
    await worker.stop();
    expect(done.status).toBe('failed');
    expect(provider.calls).toBe(1);
    expect(await readBalance(pipeline.database.db, user.id, 'credits')).toBe(10);
  });
});
