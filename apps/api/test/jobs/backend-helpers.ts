import { finishLoraTraining, insertJob, insertTrainingLora } from '@app/db';
import { type A1111StandIn, startA1111StandIn } from '@app/generation/stand-ins/a1111';
import { providersFor, startWorker } from '@app/jobs';
import sharp from 'sharp';
import { afterEach } from 'vitest';
import type { TestContext } from '../helpers.ts';
import { createJobsApp } from './helpers.ts';

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

/**
 * A test file's fleet of stand-in A1111 hosts serving images, with the app and a worker on them;
 * everything is stopped after each test.
 */
export function standInFleet() {
  let app: TestContext | undefined;
  let stopWorker: (() => Promise<void>) | undefined;
  const hosts: A1111StandIn[] = [];
  afterEach(async () => {
    await stopWorker?.();
    await app?.close();
    for (const host of hosts.splice(0)) await host.close();
    app = undefined;
    stopWorker = undefined;
  });
  return {
    /** `count` hosts (set up by `prepare` before the app starts), the app on them, and its worker. */
    async start(count: number, env: Record<string, string>, prepare?: (host: A1111StandIn) => void) {
      for (let n = 0; n < count; n++) hosts.push(await startA1111StandIn());
      hosts.forEach((host) => prepare?.(host));
      app = await createJobsApp({
        GENERATION_BACKENDS: `image=a1111:${hosts.map((host) => host.url).join('|')}`,
        ...env,
      });
      stopWorker = await startBackendWorker(app);
      return { t: app, hosts: [...hosts] };
    },
  };
}
