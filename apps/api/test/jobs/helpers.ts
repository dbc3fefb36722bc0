import {
  JOB_FAMILIES,
  type JobFamily,
  type GenerationRequest,
  type GenerationResult,
  type Provider,
  type ProviderContext,
} from '@app/generation';
import { startWorker } from '@app/jobs';
import sharp from 'sharp';
import { createTestApp, type TestContext } from '../helpers.ts';
import { multipart } from '../changelog/files.ts';

export { multipart };

export async function png(width = 64, height = 64, seed = 0): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: seed % 255, g: 120, b: 200 } } })
    .png()
    .toBuffer();
}

export async function jpg(width = 64, height = 64): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 10, g: 20, b: 30 } } })
    .jpeg()
    .toBuffer();
}

export function scriptedProvider(
  run: (request: GenerationRequest, context: ProviderContext) => Promise<GenerationResult>,
): Provider & { calls: GenerationRequest[] } {
  const calls: GenerationRequest[] = [];
  return {
    name: 'scripted',
    families: JOB_FAMILIES,
    calls,
    async run(request, context) {
      calls.push(request);
      return run(request, context);
    },
  };
}

export const imageProvider = () =>
  scriptedProvider(async (request) => ({
    outputs: [
      { kind: 'image', mime: 'image/png', bytes: await png(96, 64, request.seed), width: 96, height: 64 },
    ],
    loraReference: request.family === 'lora' ? JSON.stringify({ style: request.modelName }) : undefined,
  }));

export function everyFamily(provider: Provider): Record<JobFamily, Provider> {
  return { image: provider, video: provider, audio: provider, lipsync: provider, lora: provider };
}

/** Starts a worker on the app's queue and storage; stopped by the returned function. */
export async function startTestWorker(t: TestContext, provider: Provider) {
  const queue = await t.app.generation.queue();
  const worker = await startWorker({
    database: t.database,
    queue,
    storage: t.app.generation.storage,
    providers: everyFamily(provider),
    settings: t.settings.generation,
    pollingIntervalSeconds: 0.5,
  });
  // Stopped once, by the test or else when the app closes, before its database goes.
  let stopped: Promise<void> | undefined;
  const stop = () => (stopped ??= worker.stop());
  t.beforeClose(stop);
  return stop;
}

export async function createJobsApp(env: Record<string, string> = {}) {
  return createTestApp({ QUEUE_SUPERVISE_SECONDS: '1', ...env });
}

export async function user(
  t: TestContext,
  name: string,
  values: { credits?: number; hypercredits?: number; subscriptionStatus?: string } = {},
) {
  const row = await t.createUser({
    discordName: `${name}-${Math.random().toString(36).slice(2, 8)}`,
    ...values,
  });
  return { id: row.id, cookie: await t.sessionCookie(row.id) };
}

export async function upload(t: TestContext, cookie: string, bytes: Buffer, name = 'file.png') {
  const { payload, headers } = multipart('file', name, bytes);
  return t.app.inject({ method: 'POST', url: '/api/uploads', payload, headers: { ...headers, cookie } });
}

export async function submit(t: TestContext, cookie: string, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/jobs', payload: body, headers: { cookie } });
}

export async function waitForJob(t: TestContext, cookie: string, id: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await t.app.inject({ method: 'GET', url: `/api/jobs/${id}`, headers: { cookie } });
    const job = response.json().job;
    if (['succeeded', 'failed', 'cancelled'].includes(job.status)) return job;
    if (Date.now() > deadline) throw new Error(`job ${id} still ${job.status}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}
