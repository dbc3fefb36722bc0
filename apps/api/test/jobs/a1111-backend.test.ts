import { findUserById } from '@app/db';
import { type A1111StandIn, startA1111StandIn } from '@app/generation/stand-ins/a1111';
import { colourFor } from '@app/generation/stand-ins/media';
import { jsonOf } from '@app/generation/stand-ins/server';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../helpers.ts';
import { firstPixel, readyLora, startBackendWorker } from './backend-helpers.ts';
import { createJobsApp, submit, user, waitForJob } from './helpers.ts';

/**
 * The whole pipeline with GENERATION_BACKENDS naming an A1111 server: the API takes /make from
 * the studio, the worker sends it to the server, and the server's pixels come back as the job's files.
 */
let a1111: A1111StandIn;
let t: TestContext;
let stopWorker: () => Promise<void>;

beforeAll(async () => {
  a1111 = await startA1111StandIn();
  a1111.loras = [{ name: 'Name', alias: 'Name' }];
  t = await createJobsApp({ GENERATION_BACKENDS: `image=a1111:${a1111.url}` });
  stopWorker = await startBackendWorker(t);
});
afterAll(async () => {
  await stopWorker?.();
  await t?.close();
  await a1111?.close();
});

const txt2img = () => a1111.calls('POST', '/sdapi/v1/txt2img');

describe('/make on an A1111 backend', () => {
  it('sends one txt2img for four 16:9 images with the prompt, and the job keeps its pixels', async () => {
    const me = await user(t, 'wide', { credits: 20 });
    const before = txt2img().length;
    const job = (
      await submit(t, me.cookie, { command: 'make', options: { prompt: 'harbour at dawn -wide' } })
    ).json().job;
    const done = await waitForJob(t, me.cookie, job.id);
    expect(done.status).toBe('succeeded');

    const calls = txt2img().slice(before);
    expect(calls).toHaveLength(1);
    const body = jsonOf<{ prompt: string; width: number; height: number; batch_size: number; seed: number }>(
      calls[0]!,
    );
    expect(body.prompt).toContain('harbour at dawn');
    expect(body.prompt).not.toContain('-wide');
    expect(body.batch_size).toBe(4);
    expect(body.width / body.height).toBeCloseTo(16 / 9, 1);

    const images = done.outputs.filter((output: { mime: string }) => output.mime === 'image/png');
    expect(images.length).toBeGreaterThanOrEqual(4);
    for (const [index, output] of images.slice(0, 4).entries()) {
      const file = await t.app.inject({ method: 'GET', url: output.url, headers: { cookie: me.cookie } });
      expect(file.statusCode).toBe(200);
      const meta = await sharp(file.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([body.width, body.height]);
      expect(await firstPixel(file.rawPayload)).toEqual(colourFor(body.seed + index));
    }
    expect((await findUserById(t.database.db, me.id))!.credits).toBe(16);
  });

  it('puts the LoRA tag with its weight in the prompt for -lora Name -loraweight 0.6', async () => {
    const me = await user(t, 'styled', { credits: 20 });
    await readyLora(t, me.id, 'Name', 'Name.safetensors');
    const before = txt2img().length;
    const job = (
      await submit(t, me.cookie, {
        command: 'make',
        options: { prompt: 'a quiet forest -lora Name -loraweight 0.6' },
      })
    ).json().job;
    expect(job, 'submission accepted').toBeTruthy();
    const done = await waitForJob(t, me.cookie, job.id);
    expect(done.status).toBe('succeeded');
    const body = jsonOf<{ prompt: string }>(txt2img().slice(before)[0]!);
    expect(body.prompt).toContain('a quiet forest');
    expect(body.prompt).toContain('<lora:Name:0.6>');
  });
});

describe('the GIF button on an A1111 backend', () => {
  it('makes a looping GIF from the result and close repaints of it on the host, charged once', async () => {
    const me = await user(t, 'animator', { credits: 20 });
    const made = (await submit(t, me.cookie, { command: 'make', options: { prompt: 'a windmill' } })).json()
      .job;
    expect((await waitForJob(t, me.cookie, made.id)).status).toBe('succeeded');
    const before = a1111.calls('POST', '/sdapi/v1/img2img').length;

    const response = await t.app.inject({
      method: 'POST',
      url: `/api/jobs/${made.id}/actions`,
      payload: { action: 'gif' },
      headers: { cookie: me.cookie },
    });
    expect(response.statusCode).toBe(202);
    const gif = await waitForJob(t, me.cookie, response.json().job.id);
    expect(gif).toMatchObject({ command: 'gif', status: 'succeeded' });

    const [call, ...more] = a1111.calls('POST', '/sdapi/v1/img2img').slice(before);
    expect(more).toHaveLength(0);
    const body = jsonOf<{ init_images: string[]; batch_size: number; denoising_strength: number }>(call!);
    expect(body.init_images).toHaveLength(1);
    expect(body.batch_size).toBe(3);
    expect(body.denoising_strength).toBeCloseTo(0.3);

    expect(gif.outputs).toHaveLength(1);
    const file = await t.app.inject({
      method: 'GET',
      url: gif.outputs[0].url,
      headers: { cookie: me.cookie },
    });
    expect(file.headers['content-type']).toBe('image/gif');
    const meta = await sharp(file.rawPayload, { animated: true }).metadata();
    expect(meta).toMatchObject({ format: 'gif', pages: 4, loop: 0 });
    expect((await findUserById(t.database.db, me.id))!.credits).toBe(20 - 4 - 2);
  }, 60_000);
});
