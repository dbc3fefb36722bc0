import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Database, getJob, mediaForJobs, readBalance } from '@app/db';
import { createTestDatabase, ledgerEntriesOf } from '@app/db/testing';
import { type JobQueue, defaultGenerationSettings, startJobQueue } from '@app/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paidJob, spawnSlowWorker, until } from './slow-workers.ts';

/**
 * A worker process killed with SIGKILL in the middle of a job: the queue notices the missing
 * heartbeat, a restarted worker runs the job again, and the user pays once for one set of files.
 * Separate processes share only PostgreSQL, so this runs when TEST_DATABASE_URL is set.
 */
const url = process.env.TEST_DATABASE_URL;
const SETTINGS = { heartbeatSeconds: 10, superviseSeconds: 1, retryLimit: 2 };

describe.skipIf(!url)('a worker killed mid-job', () => {
  let database: Database;
  let queue: JobQueue;
  let dataDir: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    queue = await startJobQueue(database, defaultGenerationSettings(SETTINGS));
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'worker-crash-'));
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await queue?.stop();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  function worker(startLog: string, env: Record<string, string> = {}) {
    const child = spawnSlowWorker({
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      START_LOG: startLog,
      SLOW_MS: '4000',
      ...env,
      WORKER_HEARTBEAT_SECONDS: String(SETTINGS.heartbeatSeconds),
      QUEUE_SUPERVISE_SECONDS: String(SETTINGS.superviseSeconds),
      JOB_RETRY_LIMIT: String(SETTINGS.retryLimit),
    });
    children.push(child);
    return child;
  }

  /** The job once it has succeeded or failed. */
  const ended = (jobId: string) =>
    until(async () => {
      const row = await getJob(database.db, jobId);
      return row && ['succeeded', 'failed'].includes(row.status) ? row : null;
    }, 90_000);

  it('finishes the job once: one charge, one set of outputs', async () => {
    const { user, job } = await paidJob(database, queue, 'crash-victim');
    const log = path.join(dataDir, 'starts.log');
    const first = worker(log);
    await until(() => existsSync(log) && readFileSync(log, 'utf8').includes(job.id), 60_000);
    expect((await getJob(database.db, job.id))?.status).toBe('running');
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));

    worker(log);
    const done = await ended(job.id);

    expect(done.status).toBe('succeeded');
    expect(readFileSync(log, 'utf8').trim().split('\n')).toEqual([job.id, job.id]);
    expect(done.attempts).toBe(2);
    expect(await readBalance(database.db, user.id, 'credits')).toBe(6);
    const charges = (await ledgerEntriesOf(database.db, user.id)).filter((row) => row.delta < 0);
    expect(charges).toHaveLength(1);
    const media = await mediaForJobs(database.db, [job.id]);
    expect(media).toHaveLength(1);
    expect(existsSync(path.join(dataDir, 'media', media[0]!.storageKey))).toBe(true);
  }, 180_000);

  it('SIGTERM with a job past the deadline: exits by the deadline, and the job still ends once', async () => {
    const deadlineSeconds = 4;
    // Only the worker started here may take the job.
    await Promise.all(
      children
        .filter((child) => child.exitCode === null && child.signalCode === null)
        .map((child) => new Promise((resolve) => child.once('exit', resolve).kill('SIGKILL'))),
    );
    const { user, job } = await paidJob(database, queue, 'stopped-mid-job');
    const log = path.join(dataDir, 'stopped.log');
    const stopped = worker(log, { SLOW_MS: '120000', SHUTDOWN_DEADLINE_SECONDS: String(deadlineSeconds) });
    await until(() => existsSync(log) && readFileSync(log, 'utf8').includes(job.id), 60_000);
    const exited = new Promise((resolve) => stopped.once('exit', resolve));
    const signalledAt = Date.now();
    stopped.kill('SIGTERM');
    await exited;
    // The process's own deadline, with a wide margin for a busy machine.
    expect((Date.now() - signalledAt) / 1000).toBeLessThan(deadlineSeconds + 5);

    worker(log);
    const done = await ended(job.id);
    expect(done.status).toBe('succeeded');
    const charges = (await ledgerEntriesOf(database.db, user.id)).filter((row) => row.delta < 0);
    expect(charges).toHaveLength(1);
    expect(await mediaForJobs(database.db, [job.id])).toHaveLength(1);
  }, 180_000);
});
