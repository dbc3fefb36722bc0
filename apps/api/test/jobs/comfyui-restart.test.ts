import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getJob } from '@app/db';
import { type ComfyStandIn, startComfyStandIn } from '@app/generation/stand-ins/comfyui';
import { mp4Bytes } from '@app/generation/stand-ins/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../helpers.ts';
import { createJobsApp, submit, user, waitForJob } from './helpers.ts';
import { type Child, startWorkerProcess, until } from './processes.ts';

/**
 * /video through ComfyUI with the worker as its own process (`npm run worker`). The worker is
 * killed right after ComfyUI accepted the prompt; the restarted worker waits for that same prompt
 * instead of queueing the work again. Separate processes share only PostgreSQL.
 */
const url = process.env.TEST_DATABASE_URL;
const QUEUE = { WORKER_HEARTBEAT_SECONDS: '10', QUEUE_SUPERVISE_SECONDS: '1', JOB_RETRY_LIMIT: '2' };

describe.skipIf(!url)('a ComfyUI video job whose worker is killed after /prompt', () => {
  let comfy: ComfyStandIn;
  let t: TestContext;
  let dataDir: string;
  const children: Child[] = [];

  beforeAll(async () => {
    comfy = await startComfyStandIn();
    comfy.settings.jobMs = 6_000;
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'comfy-restart-'));
    t = await createJobsApp({
      ...QUEUE,
      DATA_DIR: dataDir,
      GENERATION_BACKENDS: `video=comfyui:${comfy.url}`,
    });
  });
  afterAll(async () => {
    for (const child of children) await child.kill();
    await t?.close();
    await comfy?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const worker = () => {
    const child = startWorkerProcess({
      ...QUEUE,
      DATABASE_URL: t.database.url!,
      DATA_DIR: dataDir,
      GENERATION_BACKENDS: `video=comfyui:${comfy.url}`,
    });
    children.push(child);
    return child;
  };

  it("keeps ComfyUI's prompt id and never submits the prompt again", async () => {
    const me = await user(t, 'director', { hypercredits: 20 });
    const job = (await submit(t, me.cookie, { command: 'video', options: { prompt: 'a paper boat' } })).json()
      .job;
    const first = worker();
    const saved = await until(async () => {
      const row = await getJob(t.database.db, job.id);
      return comfy.calls('POST', '/prompt').length === 1 && row?.externalId;
    }, 60_000);
    await first.kill('SIGKILL');

    worker();
    const done = await waitForJob(t, me.cookie, job.id, 120_000);
    expect(done.status).toBe('succeeded');
    expect(comfy.calls('POST', '/prompt')).toHaveLength(1);
    expect((await getJob(t.database.db, job.id))!.externalId).toBe(saved);
    const file = await t.app.inject({
      method: 'GET',
      url: done.outputs[0].url,
      headers: { cookie: me.cookie },
    });
    expect(file.headers['content-type']).toBe('video/mp4');
    expect(file.rawPayload.equals(mp4Bytes())).toBe(true);
  }, 180_000);
});
