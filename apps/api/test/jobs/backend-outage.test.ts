import { createServer } from 'node:net';
import { findUserById, getJob } from '@app/db';
import { ledgerEntriesOf } from '@app/db/testing';
import { type A1111StandIn, startA1111StandIn } from '@app/generation/stand-ins/a1111';
import { type ComfyStandIn, startComfyStandIn } from '@app/generation/stand-ins/comfyui';
import { mp4Bytes } from '@app/generation/stand-ins/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../helpers.ts';
import { startBackendWorker } from './backend-helpers.ts';
import { createJobsApp, submit, user, waitForJob } from './helpers.ts';

/** An address where nothing listens: connections to it are refused. */
async function refusingUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

describe('an image backend that refuses connections', () => {
  let comfy: ComfyStandIn;
  let t: TestContext;
  let stopWorker: () => Promise<void>;
  beforeAll(async () => {
    comfy = await startComfyStandIn();
    t = await createJobsApp({
      GENERATION_BACKENDS: `image=a1111:${await refusingUrl()},video=comfyui:${comfy.url}`,
      FLEET_HOST_WAIT_SECONDS: '3',
      FLEET_PROBE_SECONDS: '0.5',
    });
    stopWorker = await startBackendWorker(t);
  });
  afterAll(async () => {
    await stopWorker?.();
    await t?.close();
    await comfy?.close();
  });

  it('keeps the job queued for a while, then fails it in plain words and refunds it once; video keeps working', async () => {
    const me = await user(t, 'unlucky', { credits: 20, hypercredits: 20 });
    const image = (await submit(t, me.cookie, { command: 'make', options: { prompt: 'a red kite' } })).json()
      .job;
    const video = (
      await submit(t, me.cookie, { command: 'video', options: { prompt: 'waves rolling in' } })
    ).json().job;

    const clip = await waitForJob(t, me.cookie, video.id, 60_000);
    expect(clip.status).toBe('succeeded');
    expect(clip.outputs[0].mime).toBe('video/mp4');
    const file = await t.app.inject({
      method: 'GET',
      url: clip.outputs[0].url,
      headers: { cookie: me.cookie },
    });
    expect(file.rawPayload.equals(mp4Bytes())).toBe(true);

    const failed = await waitForJob(t, me.cookie, image.id, 60_000);
    expect(failed.status).toBe('failed');
    expect(failed.error.code).toBe('NO_HOST');
    expect(failed.error.message).toMatch(/image service is not reachable right now.*refunded/);
    const row = (await findUserById(t.database.db, me.id))!;
    expect(row.credits).toBe(20);
    const refunds = (await ledgerEntriesOf(t.database.db, me.id)).filter(
      (entry) => entry.currency === 'credits' && entry.delta > 0 && entry.reason.startsWith('refund'),
    );
    expect(refunds).toHaveLength(1);
    // The host was out of rotation from the first probe: the job never started, it waited.
    expect((await getJob(t.database.db, image.id))!.attempts).toBe(0);
  }, 90_000);
});

describe('two image hosts, one of them down', () => {
  let live: A1111StandIn;
  let t: TestContext;
  let stopWorker: () => Promise<void>;
  beforeAll(async () => {
    live = await startA1111StandIn();
    t = await createJobsApp({ GENERATION_BACKENDS: `image=a1111:${await refusingUrl()}|${live.url}` });
    stopWorker = await startBackendWorker(t);
  });
  afterAll(async () => {
    await stopWorker?.();
    await t?.close();
    await live?.close();
  });

  it('sends every job to the live host', async () => {
    const me = await user(t, 'steady', { credits: 40 });
    const ids: string[] = [];
    for (const prompt of ['one boat', 'two boats', 'three boats']) {
      ids.push((await submit(t, me.cookie, { command: 'make', options: { prompt } })).json().job.id);
    }
    for (const id of ids) expect((await waitForJob(t, me.cookie, id, 60_000)).status).toBe('succeeded');
    expect(live.calls('POST', '/sdapi/v1/txt2img')).toHaveLength(3);
    expect((await findUserById(t.database.db, me.id))!.credits).toBe(40 - 3 * 4);
  }, 90_000);
});
