import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Database, JOB_EVENTS_CHANNEL, getJob, mediaForJobs, readBalance } from '@app/db';
import { createTestDatabase, ledgerEntriesOf } from '@app/db/testing';
import { type A1111StandIn, startA1111StandIn } from '@app/generation/stand-ins/a1111';
import { type JobQueue, defaultGenerationSettings, startJobQueue } from '@app/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paidJob, until } from './slow-workers.ts';
import { entryPointArgs } from './entry-point.ts';

/**
 * `npm run worker` killed with SIGKILL while it holds a job claimed ahead for a busy host (marked
 * running, never sent): the queue hands both that job and the one on the host to the restarted
 * worker, and each is charged once, generated from its one claim on, and stored once.
 */
const url = process.env.TEST_DATABASE_URL;
const SETTINGS = { heartbeatSeconds: 10, superviseSeconds: 1, retryLimit: 2 };
const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

describe.skipIf(!url)('a worker killed while it holds a job claimed ahead', () => {
  let database: Database;
  let queue: JobQueue;
  let dataDir: string;
  let sd: A1111StandIn;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    queue = await startJobQueue(database, defaultGenerationSettings(SETTINGS));
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'worker-ahead-'));
    sd = await startA1111StandIn();
    sd.serial = true;
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await queue?.stop();
    await database?.close();
    await sd?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  function worker() {
    const child = spawn(process.execPath, entryPointArgs(MAIN), {
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        GENERATION_BACKENDS: `image=a1111:${sd.url}`,
        WORKER_HEARTBEAT_SECONDS: String(SETTINGS.heartbeatSeconds),
        QUEUE_SUPERVISE_SECONDS: String(SETTINGS.superviseSeconds),
        JOB_RETRY_LIMIT: String(SETTINGS.retryLimit),
      },
      stdio: 'ignore',
    });
    children.push(child);
    return child;
  }

  const succeeded = (jobId: string) =>
    until(async () => {
      const row = await getJob(database.db, jobId);
      if (row?.status === 'failed') throw new Error(`${jobId} failed: ${row.errorMessage}`);
      return row?.status === 'succeeded' ? row : null;
    }, 120_000);

  it('runs both jobs once more after the restart: one charge each, one set of outputs each', async () => {
    // The host's record: a job of 1.5 s.
    sd.generationMs = 1_500;
    const first = worker();
    const record = await paidJob(database, queue, 'ahead-record');
    await succeeded(record.job.id);

    // The host turns slow; while it runs one job, the next is claimed ahead for its slot.
    sd.generationMs = 6_000;
    let killed: Promise<unknown> | undefined;
    let aheadId = '';
    const unlisten = await database.listen(JOB_EVENTS_CHANNEL, (payload) => {
      const event = JSON.parse(payload) as { jobId: string; status: string };
      if (event.jobId === aheadId && event.status === 'running' && !killed) {
        killed = new Promise((resolve) => first.once('exit', resolve));
        first.kill('SIGKILL');
      }
    });
    const onHost = await paidJob(database, queue, 'ahead-on-host');
    const ahead = await paidJob(database, queue, 'ahead-claimed');
    aheadId = ahead.job.id;
    await until(() => killed !== undefined, 60_000);
    await killed;
    await unlisten();
    // At the kill: one job on the host, the other claimed ahead and never sent.
    expect((await getJob(database.db, onHost.job.id))!.status).toBe('running');
    expect((await getJob(database.db, ahead.job.id))!.status).toBe('running');
    expect(sd.calls('POST', '/sdapi/v1/txt2img')).toHaveLength(2);

    sd.generationMs = 200;
    worker();
    await succeeded(onHost.job.id);
    await succeeded(ahead.job.id);

    // The claimed-ahead job reached the host once, after the restart; the other ran again.
    expect(sd.calls('POST', '/sdapi/v1/txt2img')).toHaveLength(4);
    const outputs = (await mediaForJobs(database.db, [record.job.id])).length;
    for (const { user, job } of [onHost, ahead]) {
      expect(await readBalance(database.db, user.id, 'credits')).toBe(6);
      const entries = await ledgerEntriesOf(database.db, user.id);
      expect(entries.filter((entry) => entry.delta < 0)).toHaveLength(1);
      expect(entries.filter((entry) => entry.reason.startsWith('refund'))).toHaveLength(0);
      expect(await mediaForJobs(database.db, [job.id])).toHaveLength(outputs);
    }
  }, 240_000);
});
