import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../helpers.ts';
import { createJobsApp, submit, user } from './helpers.ts';

let t: TestContext;
let base: string;
beforeAll(async () => {
  t = await createJobsApp({ JOB_SUBMIT_RATE_LIMIT: '5', MAX_EVENT_STREAMS_PER_USER: '2' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
const streams: { close(): void }[] = [];
const track = <T extends { close(): void }>(stream: T) => (streams.push(stream), stream);
afterAll(async () => {
  for (const stream of streams) stream.close();
  await t.close();
});

describe('the per-person burst limit on submissions', () => {
  it('answers 429 RATE_LIMITED with Retry-After past the limit, however many sessions the person holds', async () => {
    const me = await user(t, 'burst', { credits: 100 });
    const second = await t.sessionCookie(me.id);
    const statuses: number[] = [];
    const refusals = [];
    for (let i = 0; i < 7; i++) {
      // Alternating sessions: a fresh session is not a fresh budget.
      const response = await submit(t, i % 2 ? second : me.cookie, { command: 'nope', options: {} });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) refusals.push(response);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
    for (const refused of refusals) {
      expect(['RATE_LIMITED', 'TOO_MANY_JOBS']).toContain(refused.json().error.code);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Someone else is not held back.
    const other = await user(t, 'calm');
    expect((await submit(t, other.cookie, { command: 'nope', options: {} })).statusCode).toBe(400);
  });
});

/** Opens a job's event stream and resolves once its status line arrives; `close` ends it. */
function openStream(id: string, cookie: string) {
  return new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders; close(): void }>(
    (resolve, reject) => {
      const request = http.get(
        `${base}/api/jobs/${id}/events`,
        { headers: { cookie }, agent: false },
        (res) => {
          const close = () => request.destroy();
          if (res.statusCode !== 200) {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers, close }));
            return;
          }
          res.once('data', (chunk: Buffer) =>
            resolve({ status: 200, body: chunk.toString(), headers: res.headers, close }),
          );
        },
      );
      request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
    },
  );
}

describe('job event streams per person', () => {
  it('holds at most the limit open; one more is 429 until one closes; others are not counted', async () => {
    const me = await user(t, 'watcher', { credits: 100 });
    // Queued with no worker running: the streams stay open.
    const job = (await submit(t, me.cookie, { command: 'make', options: { prompt: 'a quiet pond' } })).json()
      .job;
    const first = track(await openStream(job.id, me.cookie));
    const second = track(await openStream(job.id, me.cookie));
    expect([first.status, second.status], first.body).toEqual([200, 200]);
    expect(first.body).toContain('"status":"queued"');

    const third = await openStream(job.id, me.cookie);
    expect(third.status).toBe(429);
    expect(JSON.parse(third.body).error.code).toBe('RATE_LIMITED');
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);

    const owner = await t.sessionCookie(me.id);
    expect((await openStream(job.id, owner)).status).toBe(429);

    const other = await user(t, 'neighbour', { credits: 100 });
    const theirJob = (
      await submit(t, other.cookie, { command: 'make', options: { prompt: 'a pier' } })
    ).json().job;
    const theirs = track(await openStream(theirJob.id, other.cookie));
    expect(theirs.status).toBe(200);

    first.close();
    // The slot comes back once the server has seen the close.
    let again = await openStream(job.id, me.cookie);
    const deadline = Date.now() + 10_000;
    while (again.status === 429 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      again = await openStream(job.id, me.cookie);
    }
    track(again);
    expect(again.status).toBe(200);
    for (const stream of [second, theirs, again]) stream.close();
  });
});
