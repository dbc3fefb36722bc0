import { finishLoraTraining, insertJob, insertTrainingLora } from '@app/db';
import { providersFor, startWorker } from '@app/jobs';
import sharp from 'sharp';
import type { TestContext } from '../helpers.ts';

/**
 * A worker on the app's queue and storage with the providers GENERATION_BACKENDS names; the
 * returned function stops it, handing back what still runs after `deadlineMs`.
 */
export async function startBackendWorker(t: TestContext, deadlineMs = 1_000) {
  const settings = t.settings.generation;
  const worker = await startWorker({
    database: t.database,
    queue: await t.app.generation.queue(),
    storage: t.app.generation.storage,
    providers: providersFor(settings.backends, settings.deadlines),
    settings,
    pollingIntervalSeconds: 0.5,
  });
  return () => worker.stop({ deadlineMs });
}

/** Gives the user a trained, ready LoRA under `name`, as a finished /loracreate would. */
export async function readyLora(t: TestContext, userId: string, name: string, reference: string) {
  await t.database.db.transaction(async (tx) => {
    const job = (await insertJob(tx, {
      userId,
      command: 'loracreate',
      family: 'lora',
      options: { name },
      source: 'test',
      requestId: `lora-${userId}-${name}`,
    }))!;
    await insertTrainingLora(tx, { userId, name, jobId: job.id });
    await finishLoraTraining(tx, job.id, { status: 'ready', reference });
  });
}

/** The colour of an image's top-left pixel. */
export async function firstPixel(bytes: Buffer) {
  const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  return { r: data[0], g: data[1], b: data[2] };
}
