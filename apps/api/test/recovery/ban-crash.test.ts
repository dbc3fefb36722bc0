import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createSession, createUser, findUserById, getJob, grant, listAuditEntries } from '@app/db';
import {
  type TestDatabase,
  balancesOffTheLedger,
  connectionsWaitingForRows,
  createTestDatabase,
  holdJobRow,
  ledgerEntriesByKeyPattern,
  ledgerEntriesOf,
} from '@app/db/testing';
import { JOB_FAMILIES, type JobFamily, type Provider, createFolderStorage } from '@app/generation';
import { type JobQueue, type Worker, defaultGenerationSettings, startJobQueue, startWorker } from '@app/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, hashSessionId } from '../../src/plugins/session.ts';
import { exited, json, request, startServer } from './server-process.ts';

/*
 * kill -9 of the API while a moderator bans someone whose job is running, then a restart: the job
 * is cancelled and its hold refunded exactly once, whatever the moment of the kill, and every
 * balance is its ledger's sum. The job runs in a worker of this process, on a provider that works
 * until the job is cancelled. Needs real PostgreSQL (the server is a separate process sharing the
 * database).
 */
const CREDITS = 100;

describe.skipIf(!process.env.TEST_DATABASE_URL)('a crash in the middle of a ban', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ban-crash-'));
  let database: TestDatabase;
  let queue: JobQueue;
  let worker: Worker;
  let env: Record<string, string>;
  /** Jobs the provider is working on, and those whose work was stopped by their cancellation. */
  const started = new Set<string>();
  const stopped = new Set<string>();

  beforeAll(async () => {
    database = await createTestDatabase();
    const settings = defaultGenerationSettings({ superviseSeconds: 1 });
    queue = await startJobQueue(database, settings);
    const endless: Provider = {
      name: 'endless',
      families: JOB_FAMILIES,
      run: (request, context) =>
        new Promise((_, reject) => {
          started.add(request.jobId);
          context.signal.addEventListener('abort', () => {
            stopped.add(request.jobId);
            reject(context.signal.reason as Error);
          });
        }),
    };
    worker = await startWorker({
      database,
      queue,
      storage: createFolderStorage({ baseDir: path.join(dataDir, 'media') }),
      providers: Object.fromEntries(JOB_FAMILIES.map((family) => [family, endless])) as Record<
        JobFamily,
        Provider
      >,
      settings,
      pollingIntervalSeconds: 0.5,
    });
    env = {
      DATABASE_URL: database.url!,
      DATA_DIR: dataDir,
      WORKER_IN_PROCESS: 'false',
      RECONCILE_INTERVAL_SECONDS: '0',
    };
  }, 60_000);
  afterAll(async () => {
    await worker?.stop({ deadlineMs: 0 });
    await queue?.boss.stop({ graceful: false });
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const waitFor = async (what: string, check: () => Promise<boolean> | boolean) => {
    const deadline = Date.now() + 60_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  async function cookieOf(userId: string) {
    const id = randomBytes(32).toString('base64url');
    await createSession(database.db, {
      idHash: hashSessionId(id),
      userId,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    return `${SESSION_COOKIE}=${id}`;
  }

  /** A person with credits whose /make is running in the worker, and an admin to ban them. */
  async function runningJob(base: string, name: string) {
    const suffix = randomBytes(3).toString('hex');
    const person = await createUser(database.db, { discordName: `${name}-${suffix}`, ageBand: '18+' });
    await grant(database.db, {
      userId: person.id,
      currency: 'credits',
      amount: CREDITS,
      reason: 'test',
      idempotencyKey: `test:${person.id}`,
    });
    const admin = await createUser(database.db, {
      discordName: `${name}-mod-${suffix}`,
      role: 'admin',
      ageBand: '18+',
    });
    const cookie = await cookieOf(person.id);
    const answer = await request(`${base}/api/jobs`, {
      method: 'POST',
      from: '127.0.0.1',
      ...json({ command: 'make', options: { prompt: 'a lighthouse at dusk' } }, cookie),
    });
    expect(answer.status, answer.body).toBe(202);
    const jobId = JSON.parse(answer.body).job.id as string;
    await waitFor('the job to run', async () => (await getJob(database.db, jobId))?.status === 'running');
    await waitFor('the provider to start', () => started.has(jobId));
    const charged = (await findUserById(database.db, person.id))!.credits;
    expect(charged).toBeLessThan(CREDITS);
    return { person, cookie, jobId, adminCookie: await cookieOf(admin.id) };
  }

  const ban = (base: string, adminCookie: string, userId: string) =>
    request(`${base}/api/admin/moderation/actions`, {
      method: 'POST',
      from: '127.0.0.1',
      ...json({ action: 'ban', userId, reason: 'Repeated abuse' }, adminCookie),
    });

  /** After a restart: the ban stands once, the job is cancelled, one refund, balances off no ledger. */
  async function expectBannedAndRefundedOnce(
    base: string,
    run: Awaited<ReturnType<typeof runningJob>>,
  ): Promise<void> {
    await waitFor('the worker to stop the cancelled job', () => stopped.has(run.jobId));
    expect((await getJob(database.db, run.jobId))!.status).toBe('cancelled');
    expect(await ledgerEntriesByKeyPattern(database.db, `refund:${run.jobId}%`)).toHaveLength(1);
    const person = (await findUserById(database.db, run.person.id))!;
    expect(person.bannedAt).not.toBeNull();
    expect(person.credits).toBe(CREDITS);
    const ledger = await ledgerEntriesOf(database.db, run.person.id);
    expect(person.credits).toBe(
      ledger.filter((row) => row.currency === 'credits').reduce((sum, row) => sum + row.delta, 0),
    );
    expect(await balancesOffTheLedger(database.db)).toEqual([]);
    const bans = await listAuditEntries(database.db, {
      target: run.person.id,
      action: 'moderation.ban',
      limit: 10,
    });
    expect(bans).toHaveLength(1);
    // Banning again changes nothing; the banned person's session no longer works.
    const again = await ban(base, run.adminCookie, run.person.id);
    expect(again.status, again.body).toBe(409);
    expect(
      (await request(`${base}/api/auth/`, { from: '127.0.0.1', headers: { cookie: run.cookie } })).status,
    ).toBe(401);
    expect(await ledgerEntriesByKeyPattern(database.db, `refund:${run.jobId}%`)).toHaveLength(1);
  }

  it(
    'killed while the ban cancels the job: nothing of it stays, and the ban repeated after the restart refunds once',
    { timeout: 180_000 },
    async () => {
      const first = startServer(env);
      const run = await runningJob(await first.url, 'ban-mid');
      // The ban's transaction stops at the job's row, after the person's row and sessions changed.
      let release!: () => void;
      const lock = holdJobRow(database.db, run.jobId, new Promise<void>((resolve) => (release = resolve)));
      await lock.held;
      const banning = ban(await first.url, run.adminCookie, run.person.id).catch(() => undefined);
      await waitFor(
        'the ban to wait for the job',
        async () => (await connectionsWaitingForRows(database.db)) > 0,
      );
      first.child.kill('SIGKILL');
      await exited(first.child);
      release();
      await lock.done;
      await banning;
      // The dead server's transaction never committed: no ban, the job still running, no refund.
      await waitFor(
        'the dead transaction to end',
        async () => (await connectionsWaitingForRows(database.db)) === 0,
      );
      expect((await findUserById(database.db, run.person.id))!.bannedAt).toBeNull();
      expect((await getJob(database.db, run.jobId))!.status).toBe('running');
      expect(await ledgerEntriesByKeyPattern(database.db, `refund:${run.jobId}%`)).toEqual([]);

      const second = startServer(env);
      try {
        const base = await second.url;
        const banned = await ban(base, run.adminCookie, run.person.id);
        expect(banned.status, banned.body).toBe(200);
        await expectBannedAndRefundedOnce(base, run);
      } finally {
        second.child.kill('SIGKILL');
        await exited(second.child);
      }
    },
  );

  it(
    'killed right after the ban is committed: the cancellation and its one refund stand after the restart',
    { timeout: 180_000 },
    async () => {
      const first = startServer(env);
      const run = await runningJob(await first.url, 'ban-after');
      const banning = ban(await first.url, run.adminCookie, run.person.id).catch(() => undefined);
      await waitFor(
        'the ban to be committed',
        async () => !!(await findUserById(database.db, run.person.id))?.bannedAt,
      );
      first.child.kill('SIGKILL');
      await exited(first.child);
      await banning;

      const second = startServer(env);
      try {
        await expectBannedAndRefundedOnce(await second.url, run);
      } finally {
        second.child.kill('SIGKILL');
        await exited(second.child);
      }
    },
  );
});
