import { type Database, type JobRow, createUser, grant, insertJob, setQueueJobId, spend } from '@app/db';
import { createTestDatabase } from '@app/db/testing';
import { type QueueClass, dispatchRank } from '@app/domain';
import {
  JOB_FAMILIES,
  type JobFamily,
  type GenerationResult,
  type MediaStorage,
  type Provider,
  type ProviderContext,
  type GenerationRequest,
} from '@app/generation';
import sharp from 'sharp';
import { type JobQueue, startJobQueue } from '../src/queue.ts';
import { defaultGenerationSettings, type GenerationSettings } from '../src/settings.ts';

/** Storage in memory, for tests that do not look at files on disk. */
export function memoryStorage(): MediaStorage & { objects: Map<string, { bytes: Buffer; mime: string }> } {
  const objects = new Map<string, { bytes: Buffer; mime: string }>();
  return {
    objects,
    async put(key, bytes, mime) {
      objects.set(key, { bytes, mime });
    },
    async get(key) {
      return objects.get(key) ?? null;
    },
    async delete(key) {
      objects.delete(key);
    },
    publicUrl: () => null,
  };
}

export async function pngOf(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .toBuffer();
}

/** A provider whose behaviour each test scripts. */
export function scriptedProvider(
  run: (request: GenerationRequest, context: ProviderContext) => Promise<GenerationResult>,
): Provider & { calls: number } {
  const provider = {
    name: 'scripted',
    families: JOB_FAMILIES,
    calls: 0,
    async run(request: GenerationRequest, context: ProviderContext) {
      provider.calls += 1;
      return run(request, context);
    },
  };
  return provider;
}

export function allFamilies(provider: Provider): Record<JobFamily, Provider> {
  return { image: provider, video: provider, audio: provider, lipsync: provider, lora: provider };
}

export interface Pipeline {
  database: Database;
  queue: JobQueue;
  settings: GenerationSettings;
  close(): Promise<void>;
}

export async function createPipeline(overrides: Partial<GenerationSettings> = {}): Promise<Pipeline> {
  const database = await createTestDatabase();
  const settings = defaultGenerationSettings({ superviseSeconds: 1, ...overrides });
  const queue = await startJobQueue(database, settings);
  return {
    database,
    queue,
    settings,
    async close() {
      await queue.stop();
      await database.close();
    },
  };
}

export async function createUserWith(database: Database, credits: number) {
  const user = await createUser(database.db, { discordName: `u${Math.random()}` });
  if (credits > 0) {
    await grant(database.db, {
      userId: user.id,
      currency: 'credits',
      amount: credits,
      reason: 'test',
      idempotencyKey: `test:${user.id}`,
    });
  }
  return user;
}

/**
 * Holds the price, inserts and enqueues in one transaction, as the API does. With a `queueClass`,
 * the entry counts against its owner's running limit for that class, as a submission's does.
 */
export async function enqueue(
  pipeline: Pipeline,
  userId: string,
  values: {
    command: string;
    options: Record<string, unknown>;
    price: number;
    family?: JobFamily;
    queueClass?: QueueClass;
  },
): Promise<JobRow> {
  const requestId = `r${Math.random()}`;
  return pipeline.database.db.transaction(async (tx) => {
    const held = await spend(tx, {
      userId,
      currency: 'credits',
      amount: values.price,
      reason: values.command,
      idempotencyKey: `job:test:${requestId}`,
    });
    if (held.status !== 'applied') throw new Error(`hold ${held.status}`);
    const job = (await insertJob(tx, {
      userId,
      command: values.command,
      family: values.family ?? 'image',
      options: values.options,
      costCredits: values.price,
      source: 'test',
      requestId,
    }))!;
    const queueJobId = await pipeline.queue.send(
      tx,
      values.queueClass ? { ...job, userId, priority: dispatchRank(values.queueClass, 0) } : job,
    );
    await setQueueJobId(tx, job.id, queueJobId);
    return job;
  });
}

export async function waitFor<T>(
  check: () => Promise<T | null | undefined | false>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A promise and the function that settles it: a step a test lets happen when it says. */
export function gate<T = void>() {
  let open!: (value: T) => void;
  const opened = new Promise<T>((resolve) => (open = resolve));
  return { opened, open };
}
