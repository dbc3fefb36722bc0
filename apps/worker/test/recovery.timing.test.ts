import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Database, getJob, readBalance } from '@app/db';
import { createTestDatabase, ledgerEntriesOf } from '@app/db/testing';
import { type JobQueue, defaultGenerationSettings, startJobQueue } from '@app/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paidJob, spawnSlowWorker, until } from './slow-workers.ts';

/**
 * kill -9 of a worker in the middle of a job, with the default heartbeat and supervision settings
 * and a second worker standing by: the job runs again within 30 s, and is paid for once.
 */
const url = process.env.TEST_DATABASE_URL;

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
    const child = spawnSlowWorker({
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      START_LOG: startLog,
      SLOW_MS: '6000',
    });
    children.push(child);
    return child;
  };

  it('runs the job again within 30 s on the worker standing by, charged once', async () => {
    const log = path.join(dataDir, 'starts.log');
    const first = worker(log);
    // The first worker is up before the job is sent, so it is the one that takes it.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const { user, job } = await paidJob(database, queue, 'recovery-1');
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
