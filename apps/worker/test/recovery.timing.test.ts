import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type Database,
  createUser,
  getJob,
  grant,
  insertJob,
  readBalance,
  setQueueJobId,
  spend,
} from '@app/db';
import { createTestDatabase, ledgerEntriesOf } from '@app/db/testing';
import { type JobQueue, defaultGenerationSettings, startJobQueue } from '@app/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * kill -9 of a worker in the middle of a job, with the default heartbeat and supervision settings
 * and a second worker standing by: the job runs again within 30 s, and is paid for once.
 */
const url = process.env.TEST_DATABASE_URL;
const FIXTURE = fileURLToPath(new URL('./fixtures/slow-worker.ts', import.meta.url));

describe.skipIf(!url)('a worker killed mid-job, with the default settings', () => {
  let database: Database;
  let queue: JobQueue;
  let dataDir: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    queue = await startJobQueue(database, defaultGenerationSettings());
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'worker-recovery-'));
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await queue?.stop();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const worker = (startLog: string) => {
    const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE], {
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        START_LOG: startLog,
        SLOW_MS: '6000',
      },
      stdio: 'ignore',
    });
    children.push(child);
    return child;
  };

  async function until<T>(check: () => Promise<T | null | undefined | false> | T, ms: number): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = await check();
      if (value) return value;
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('runs the job again within 30 s on the worker standing by, charged once', async () => {
    const user = await createUser(database.db, { discordName: 'recovery' });
    await grant(database.db, {
      userId: user.id,
      currency: 'credits',
      amount: 10,
      reason: 'test',
      idempotencyKey: `t:${user.id}`,
    });
    const log = path.join(dataDir, 'starts.log');
    const first = worker(log);
    // The first worker is up (it created the log's folder's worth of state) before the job is sent.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const job = await database.db.transaction(async (tx) => {
      await spend(tx, {
        userId: user.id,
        currency: 'credits',
        amount: 4,
        reason: 'job make',
        idempotencyKey: 'job:test:recovery-1',
      });
      const row = (await insertJob(tx, {
        userId: user.id,
        command: 'make',
        family: 'image',
        options: { prompt: 'a lighthouse' },
        costCredits: 4,
        source: 'test',
        requestId: 'recovery-1',
      }))!;
      await setQueueJobId(tx, row.id, await queue.send(tx, row));
      return row;
    });
    await until(() => existsSync(log) && readFileSync(log, 'utf8').includes(job.id), 60_000);
    worker(log);
    first.kill('SIGKILL');
    const killed = Date.now();
    await until(() => readFileSync(log, 'utf8').trim().split('\n').length >= 2, 60_000);
    expect(Date.now() - killed).toBeLessThan(30_000);

    const done = await until(async () => {
      const row = await getJob(database.db, job.id);
      return row && ['succeeded', 'failed'].includes(row.status) ? row : null;
    }, 60_000);
    expect(done.status).toBe('succeeded');
    expect(await readBalance(database.db, user.id, 'credits')).toBe(6);
    expect((await ledgerEntriesOf(database.db, user.id)).filter((row) => row.delta < 0)).toHaveLength(1);
  }, 180_000);
});
