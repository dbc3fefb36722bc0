import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Database, getJob, grant } from '@app/db';
import { createTestDatabase } from '@app/db/testing';
import { type A1111StandIn, startA1111StandIn } from '@app/generation/stand-ins/a1111';
import { startS3StandIn } from '@app/generation/stand-ins/s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerAgeAsAdult } from '../helpers.ts';
import { type Child, startApiProcess, startWorkerProcess, until } from './processes.ts';

/**
 * Two API processes and two workers, each its own process, on one PostgreSQL database and one
 * S3 bucket, as on several machines. Only PostgreSQL is shared, so this needs TEST_DATABASE_URL.
 */
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('two API processes and two workers on one database and bucket', () => {
  let database: Database;
  let a1111: A1111StandIn;
  let s3: Awaited<ReturnType<typeof startS3StandIn>>;
  let apis: (Child & { url: string })[] = [];
  const children: Child[] = [];
  const dataDirs: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    a1111 = await startA1111StandIn();
    a1111.generationMs = 1_500;
    s3 = await startS3StandIn();
    const env = (name: string) => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), `machine-${name}-`));
      dataDirs.push(dataDir);
      return {
        ...s3.env,
        DATABASE_URL: database.url!,
        DATA_DIR: dataDir,
        GENERATION_BACKENDS: `image=a1111:${a1111.url}`,
        WORKER_IN_PROCESS: 'false',
        QUEUE_SUPERVISE_SECONDS: '1',
        ADMIN_PASSWORD: 'several-machines-admin',
      };
    };
    apis = await Promise.all([startApiProcess(env('api-a')), startApiProcess(env('api-b'))]);
    children.push(...apis);
    children.push(startWorkerProcess(env('worker-1')), startWorkerProcess(env('worker-2')));
  }, 180_000);
  afterAll(async () => {
    for (const child of children) await child.kill('SIGTERM');
    await database?.close();
    await a1111?.close();
    await s3?.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  async function signIn(api: string, discordName: string) {
    const response = await fetch(`${api}/api/auth/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ discordName }),
    });
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('sid='))!;
    const userId = ((await response.json()) as { user_id: string }).user_id;
    await answerAgeAsAdult(database.db, userId);
    return { cookie: cookie.split(';')[0]!, userId };
  }

  const submit = async (api: string, cookie: string, prompt: string) => {
    const response = await fetch(`${api}/api/jobs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ command: 'make', options: { prompt } }),
    });
    expect(response.status, await response.clone().text()).toBeLessThan(300);
    return ((await response.json()) as { job: { id: string } }).job.id;
  };

  /** Reads an SSE stream until the job's final event and returns the job events it carried. */
  async function eventsUntilEnd(api: string, cookie: string, jobId: string) {
    const response = await fetch(`${api}/api/jobs/${jobId}/events`, { headers: { cookie } });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const decoder = new TextDecoder();
    let text = '';
    const events: { status: string }[] = [];
    for await (const chunk of response.body!) {
      text += decoder.decode(chunk as Uint8Array, { stream: true });
      const blocks = text.split('\n\n');
      text = blocks.pop()!;
      for (const block of blocks.filter((b) => b.startsWith('event: job'))) {
        events.push(JSON.parse(block.split('data: ')[1]!) as { status: string });
      }
      if (['succeeded', 'failed', 'cancelled'].includes(events.at(-1)?.status ?? '')) break;
    }
    return events;
  }

  it('finishes every job once, streams events on either API and serves media from either', async () => {
    const [a, b] = apis as [Child & { url: string }, Child & { url: string }];
    const me = await signIn(a.url, 'roaming-artist');
    await grant(database.db, {
      userId: me.userId,
      currency: 'credits',
      amount: 100,
      reason: 'test',
      idempotencyKey: `test:${me.userId}`,
    });

    // The browser watches on A a job it submitted through B.
    const watched = await submit(b.url, me.cookie, 'lanterns over water');
    const events = await eventsUntilEnd(a.url, me.cookie, watched);
    expect(events.map((event) => event.status)).toContain('running');
    expect(events.at(-1)).toMatchObject({ status: 'succeeded' });

    const ids = [watched];
    for (let i = 0; i < 6; i++) ids.push(await submit(i % 2 ? b.url : a.url, me.cookie, `lantern ${i}`));
    const rows = await until(async () => {
      const all = await Promise.all(ids.map((id) => getJob(database.db, id)));
      return all.every((row) => row?.status === 'succeeded') && all;
    }, 120_000);
    expect(rows.map((row) => row!.attempts)).toEqual(ids.map(() => 1));
    expect(a1111.calls('POST', '/sdapi/v1/txt2img')).toHaveLength(ids.length);

    // Media written once by a worker, served the same by both APIs; no API or worker wrote a file.
    for (const id of ids.slice(0, 3)) {
      const job = (await (
        await fetch(`${a.url}/api/jobs/${id}`, { headers: { cookie: me.cookie } })
      ).json()) as {
        job: { outputs: { url: string }[] };
      };
      const media = job.job.outputs[0]!.url;
      const [fromA, fromB] = await Promise.all(
        [a.url, b.url].map(async (api) => {
          const response = await fetch(`${api}${media}`, { headers: { cookie: me.cookie } });
          expect(response.status).toBe(200);
          return Buffer.from(await response.arrayBuffer());
        }),
      );
      expect(fromA!.length).toBeGreaterThan(100);
      expect(fromA!.equals(fromB!)).toBe(true);
    }
    for (const dir of dataDirs) {
      const media = path.join(dir, 'media');
      expect(existsSync(media) ? readdirSync(media, { recursive: true }) : []).toEqual([]);
    }
  }, 240_000);
});
