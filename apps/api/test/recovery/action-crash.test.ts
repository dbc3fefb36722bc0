import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Database, findUserById, getJob, grant } from '@app/db';
import { createTestDatabase, ledgerEntriesOf } from '@app/db/testing';
import { type A1111StandIn, startA1111StandIn } from '@app/generation/stand-ins/a1111';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerAgeAsAdult } from '../helpers.ts';
import { type Child, startApiProcess, startWorkerProcess, until } from '../jobs/processes.ts';

/**
 * A result action (Upscale 2× of a result's image) whose worker is killed with SIGKILL while the
 * host works on it: a new worker takes the job over once the dead one's heartbeat lapses, the job
 * succeeds once with the right picture, and the person is charged for it once, refunded never.
 */
const url = process.env.TEST_DATABASE_URL;

interface JobOut {
  id: string;
  status: string;
  outputs: { url: string }[];
  cost: { credits: number };
}
const UPSCALE = '/sdapi/v1/extra-single-image';

describe.skipIf(!url)('a result action through a worker killed mid-job', () => {
  let database: Database;
  let a1111: A1111StandIn;
  let api: Child & { url: string };
  const children: Child[] = [];
  let dataDir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    database = await createTestDatabase();
    a1111 = await startA1111StandIn();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'action-crash-'));
    env = {
      DATABASE_URL: database.url!,
      DATA_DIR: dataDir,
      GENERATION_BACKENDS: `image=a1111:${a1111.url}`,
      WORKER_IN_PROCESS: 'false',
      QUEUE_SUPERVISE_SECONDS: '1',
      ADMIN_PASSWORD: 'action-crash-admin',
    };
    api = await startApiProcess(env);
    children.push(api, startWorkerProcess(env));
  }, 180_000);
  afterAll(async () => {
    for (const child of children) await child.kill('SIGTERM');
    await database?.close();
    await a1111?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = async (route: string, cookie: string, body?: object) => {
    const response = await fetch(`${api.url}${route}`, {
      method: body ? 'POST' : 'GET',
      headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, json: (await response.json()) as { job: JobOut } };
  };
  const ended = (cookie: string, id: string) =>
    until(async () => {
      const { json } = await call(`/api/jobs/${id}`, cookie);
      return ['succeeded', 'failed', 'cancelled'].includes(json.job.status) ? json.job : null;
    }, 120_000);
  const imageSize = async (cookie: string, mediaUrl: string) => {
    const response = await fetch(`${api.url}${mediaUrl}`, { headers: { cookie } });
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    return [meta.width, meta.height];
  };

  it('succeeds once after a new worker takes it over, charged once', async () => {
    const signIn = await fetch(`${api.url}/api/auth/local`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ discordName: 'upscaler' }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .find((line) => line.startsWith('sid='))!
      .split(';')[0]!;
    const userId = ((await signIn.json()) as { user_id: string }).user_id;
    await answerAgeAsAdult(database.db, userId);
    await grant(database.db, {
      userId,
      currency: 'credits',
      amount: 100,
      reason: 'test',
      idempotencyKey: `test:${userId}`,
    });

    const made = await call('/api/jobs', cookie, {
      command: 'make',
      options: { prompt: 'a harbour at dawn' },
    });
    expect(made.status).toBe(202);
    const grid = await ended(cookie, made.json.job.id);
    expect(grid.status).toBe('succeeded');
    const before = (await findUserById(database.db, userId))!.credits;

    // The host takes the upscale and never answers it: the worker is killed while it waits.
    a1111.faults.paths = [UPSCALE];
    a1111.faults.silent = true;
    const pressed = await call(`/api/jobs/${grid.id}/actions`, cookie, { action: 'upscale-2x', index: 1 });
    expect(pressed.status, JSON.stringify(pressed.json)).toBe(202);
    const actionId = pressed.json.job.id;
    await until(() => a1111.calls('POST', UPSCALE).length >= 1, 60_000);
    await children[1]!.kill('SIGKILL');
    a1111.faults.silent = false;
    children.push(startWorkerProcess(env));

    const done = await ended(cookie, actionId);
    expect(done.status).toBe('succeeded');
    expect(a1111.calls('POST', UPSCALE).length).toBe(2);
    const [width, height] = await imageSize(cookie, grid.outputs[0]!.url);
    expect(await imageSize(cookie, done.outputs[0]!.url)).toEqual([2 * width!, 2 * height!]);

    // Charged once for the action, never refunded; the balance says the same.
    const row = (await getJob(database.db, actionId))!;
    expect(row.costCredits).toBeGreaterThan(0);
    const entries = await ledgerEntriesOf(database.db, userId);
    const holds = entries.filter((entry) => entry.delta < 0);
    expect(holds.map((entry) => entry.delta)).toEqual([-grid.cost.credits, -row.costCredits]);
    expect(entries.filter((entry) => entry.reason.startsWith('refund'))).toEqual([]);
    expect((await findUserById(database.db, userId))!.credits).toBe(before - row.costCredits);
  }, 300_000);
});
