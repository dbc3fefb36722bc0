import { findUserById } from '@app/db';
import { ProviderError } from '@app/generation';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../helpers.ts';
import {
  createJobsApp,
  imageProvider,
  scriptedProvider,
  startTestWorker,
  submit,
  user,
  waitForJob,
} from './helpers.ts';

let t: TestContext;
let stopWorker: () => Promise<void>;
const provider = imageProvider();
beforeAll(async () => {
  t = await createJobsApp();
  stopWorker = await startTestWorker(t, provider);
});
afterAll(async () => {
  await stopWorker();
  await t.close();
});

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const credits = async (id: string) => (await findUserById(t.database.db, id))!.credits;

describe('a job from submission to gallery', () => {
  it('runs, stores media served immutable and sandboxed, with a WebP thumbnail, and shows in the gallery', async () => {
    const me = await user(t, 'artist', { credits: 20 });
    const job = (await submit(t, me.cookie, { command: 'make', options: { prompt: 'a red fox' } })).json()
      .job;
    const done = await waitForJob(t, me.cookie, job.id);
    expect(done).toMatchObject({ status: 'succeeded', progress: 1, public: true });
    expect(done.outputs).toHaveLength(1);
    const [output] = done.outputs;
    expect(output).toMatchObject({ mime: 'image/png', width: 96, height: 64 });

    const file = await get(output.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect((await sharp(file.rawPayload).metadata()).width).toBe(96);
    const thumb = await get(output.thumbUrl);
    expect((await sharp(thumb.rawPayload).metadata()).format).toBe('webp');

    expect(await credits(me.id)).toBe(16);
    const gallery = (await get('/api/jobs?public=true&kind=image')).json();
    expect(gallery.jobs.map((entry: { id: string }) => entry.id)).toContain(job.id);
    const video = (await get('/api/jobs?public=true&kind=video')).json();
    expect(video.jobs.map((entry: { id: string }) => entry.id)).not.toContain(job.id);
  });

  it('keeps a private creation and its files from everyone but the creator', async () => {
    const me = await user(t, 'private', { credits: 20 });
    const other = await user(t, 'nosy', { credits: 20 });
    const job = (
      await submit(t, me.cookie, { command: 'make', options: { prompt: 'secret' }, public: false })
    ).json().job;
    const done = await waitForJob(t, me.cookie, job.id);
    expect((await get(`/api/jobs/${job.id}`, other.cookie)).statusCode).toBe(404);
    expect((await get(`/api/jobs/${job.id}`)).statusCode).toBe(404);
    expect((await get(done.outputs[0].url, other.cookie)).statusCode).toBe(404);
    expect((await get(done.outputs[0].url, me.cookie)).statusCode).toBe(200);
    expect(
      (await get('/api/jobs?public=true')).json().jobs.map((entry: { id: string }) => entry.id),
    ).not.toContain(job.id);
    const mine = (await get('/api/jobs?mine=true', me.cookie)).json().jobs;
    expect(mine.map((entry: { id: string }) => entry.id)).toContain(job.id);
    const love = await t.app.inject({
      method: 'POST',
      url: `/api/jobs/${job.id}/love`,
      headers: { cookie: other.cookie },
    });
    expect(love.statusCode).toBe(404);
  });

  it('lets others love, vary and re-roll a public creation (charged to them) but not cancel, delete, GIF or hide it', async () => {
    const me = await user(t, 'creator', { credits: 20 });
    const fan = await user(t, 'fan', { credits: 20 });
    const job = (await submit(t, me.cookie, { command: 'make', options: { prompt: 'lighthouse' } })).json()
      .job;
    await waitForJob(t, me.cookie, job.id);
    const as = (cookie: string, method: 'POST' | 'DELETE' | 'PATCH', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

    const loved = await as(fan.cookie, 'POST', `/api/jobs/${job.id}/love`);
    expect(loved.json()).toEqual({ loved: true, loves: 1 });
    expect((await get(`/api/jobs/${job.id}`, fan.cookie)).json().job).toMatchObject({
      loves: 1,
      lovedByMe: true,
    });
    expect((await as(fan.cookie, 'POST', `/api/jobs/${job.id}/love`)).json()).toEqual({
      loved: false,
      loves: 0,
    });

    const vary = await as(fan.cookie, 'POST', `/api/jobs/${job.id}/actions`, { action: 'vary' });
    expect(vary.statusCode).toBe(202);
    const variation = await waitForJob(t, fan.cookie, vary.json().job.id);
    expect(variation).toMatchObject({ command: 'vary', status: 'succeeded', parentId: job.id, mine: true });
    expect(provider.calls.at(-1)?.inputs.image?.[0]?.mime).toBe('image/png');
    const reroll = await as(fan.cookie, 'POST', `/api/jobs/${job.id}/actions`, { action: 'reroll' });
    expect(reroll.json().job).toMatchObject({ command: 'make', options: { prompt: 'lighthouse' } });
    expect(await credits(fan.id)).toBe(20 - 4 - 4);
    expect(await credits(me.id)).toBe(16);

    expect((await as(fan.cookie, 'POST', `/api/jobs/${job.id}/actions`, { action: 'gif' })).statusCode).toBe(
      403,
    );
    expect((await as(fan.cookie, 'DELETE', `/api/jobs/${job.id}`)).statusCode).toBe(403);
    expect((await as(fan.cookie, 'PATCH', `/api/jobs/${job.id}`, { public: false })).statusCode).toBe(403);
    expect((await get(`/api/jobs/${job.id}`)).statusCode).toBe(200);

    expect((await as(me.cookie, 'PATCH', `/api/jobs/${job.id}`, { public: false })).json().job.public).toBe(
      false,
    );
    expect((await as(me.cookie, 'DELETE', `/api/jobs/${job.id}`)).json()).toEqual({ deleted: true });
    expect((await get(`/api/jobs/${job.id}`, me.cookie)).statusCode).toBe(404);
  });

  it('streams status and progress as server-sent events until the job ends', async () => {
    const me = await user(t, 'watcher', { credits: 20 });
    const job = (await submit(t, me.cookie, { command: 'make', options: { prompt: 'events' } })).json().job;
    const stream = await get(`/api/jobs/${job.id}/events`, me.cookie);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    // The stream writes its own head; the API's security headers go out with it.
    expect(stream.headers['x-frame-options']).toBe('DENY');
    expect(stream.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    const events = stream.body
      .split('\n\n')
      .filter((chunk) => chunk.startsWith('event: job'))
      .map((chunk) => JSON.parse(chunk.split('data: ')[1]!));
    expect(events.at(-1)).toEqual({ status: 'succeeded', progress: 1 });
  });
});

describe('cancelling and failing', () => {
  it('cancels a queued job with a refund, once; deleting it is a separate act', async () => {
    await stopWorker();
    try {
      const me = await user(t, 'canceller', { credits: 20 });
      const job = (await submit(t, me.cookie, { command: 'make', options: { prompt: 'never mind' } })).json()
        .job;
      expect(await credits(me.id)).toBe(16);
      const call = (method: 'POST' | 'DELETE', url: string) =>
        t.app.inject({ method, url, headers: { cookie: me.cookie } });
      expect((await call('DELETE', `/api/jobs/${job.id}`)).json().error.code).toBe('JOB_NOT_FINISHED');
      const cancel = () => call('POST', `/api/jobs/${job.id}/cancel`);
      const first = await cancel();
      expect(first.json()).toMatchObject({ job: { status: 'cancelled' } });
      expect(await credits(me.id)).toBe(20);
      const again = await cancel();
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ job: { id: job.id, status: 'cancelled' } });
      expect(await credits(me.id)).toBe(20);
      expect((await call('DELETE', `/api/jobs/${job.id}`)).json()).toEqual({ deleted: true });
      expect((await cancel()).statusCode).toBe(404);
    } finally {
      stopWorker = await startTestWorker(t, provider);
    }
  });

  it('refunds a job whose provider cannot make it, and shows why on the job', async () => {
    await stopWorker();
    const failing = scriptedProvider(async () => {
      throw new ProviderError('UNSAFE_PROMPT', 'This prompt cannot be drawn.', { retryable: false });
    });
    stopWorker = await startTestWorker(t, failing);
    const me = await user(t, 'unlucky', { credits: 20 });
    const job = (await submit(t, me.cookie, { command: 'make', options: { prompt: 'x' } })).json().job;
    const done = await waitForJob(t, me.cookie, job.id);
    expect(done).toMatchObject({
      status: 'failed',
      error: { code: 'UNSAFE_PROMPT', message: 'This prompt cannot be drawn.' },
    });
    expect(await credits(me.id)).toBe(20);
  });
});
