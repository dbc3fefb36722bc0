import { getJob, readBalance } from '@app/db';
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

describe('the family deadline', () => {
  it('abandons an attempt whose step never returns, even deaf to its signal, and frees its slot for the next job', async () => {
    pipeline = await createPipeline({
      workerConcurrency: 1,
      retryLimit: 0,
      deadlines: { image: 1, video: 900, audio: 300, lipsync: 600, lora: 3600 },
    });
    const image = await pngOf(32, 32);
    const provider = scriptedProvider(async (request) => {
      // Stuck where no abort reaches, as a native step would be.
      if (request.prompt === 'stuck') await new Promise(() => {});
      return { outputs: [{ kind: 'image', mime: 'image/png', bytes: image, width: 32, height: 32 }] };
    });
    const worker = await startWorker({
      ...pipeline,
      storage: memoryStorage(),
      providers: allFamilies(provider),
    });
    const user = await createUserWith(pipeline.database, 20);
    const stuck = await enqueue(pipeline, user.id, {
      command: 'make',
      options: { prompt: 'stuck' },
      price: 4,
    });
    const next = await enqueue(pipeline, user.id, { command: 'make', options: { prompt: 'fine' }, price: 4 });

    const done = await waitFor(async () => {
      const row = await getJob(pipeline!.database.db, next.id);
      return row?.status === 'succeeded' ? row : null;
    });
    const abandoned = await waitFor(async () => {
      const row = await getJob(pipeline!.database.db, stuck.id);
      return row?.status === 'failed' ? row : null;
    });
    await worker.stop({ deadlineMs: 100 });
    expect(done.startedAt!.getTime()).toBeGreaterThanOrEqual(abandoned.startedAt!.getTime());
    expect(abandoned).toMatchObject({ errorCode: 'TIMEOUT' });
    expect(abandoned.errorMessage).toMatch(/longer than 1 seconds/);
    // Charged for the one that ran, refunded for the one given up on.
    expect(await readBalance(pipeline.database.db, user.id, 'credits')).toBe(16);
  });
});
