import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type Database, createUser, grant, insertJob, setQueueJobId, spend } from '@app/db';
import type { JobQueue } from '@app/jobs';

/** What the worker crash tests share: the slow worker process, waiting, and a paid job. */
const FIXTURE = fileURLToPath(new URL('./fixtures/slow-worker.ts', import.meta.url));

/** `npm run worker` with the slow provider (see the fixture); the caller kills it. */
export function spawnSlowWorker(env: Record<string, string | undefined>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', FIXTURE], {
    env: { ...process.env, ...env },
    stdio: 'ignore',
  });
}

export async function until<T>(
  check: () => Promise<T | null | undefined | false> | T,
  ms: number,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A user with 10 credits and one queued /make that holds 4 of them, as the API would submit it. */
export async function paidJob(database: Database, queue: JobQueue, requestId: string) {
  const user = await createUser(database.db, { discordName: `crash-${requestId}` });
  await grant(database.db, {
    userId: user.id,
    currency: 'credits',
    amount: 10,
    reason: 'test',
    idempotencyKey: `t:${user.id}`,
  });
  const job = await database.db.transaction(async (tx) => {
    await spend(tx, {
      userId: user.id,
      currency: 'credits',
      amount: 4,
      reason: 'job make',
      idempotencyKey: `job:test:${requestId}`,
    });
    const row = (await insertJob(tx, {
      userId: user.id,
      command: 'make',
      family: 'image',
      options: { prompt: 'a lighthouse' },
      costCredits: 4,
      source: 'test',
      requestId,
    }))!;
    await setQueueJobId(tx, row.id, await queue.send(tx, row));
    return row;
  });
  return { user, job };
}
