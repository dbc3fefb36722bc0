import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { getJob, rowsOf } from '@app/db';
import { sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claimNextJob, unclaimJob } from '../src/fleet/claim.ts';
import { QUEUE_NAMES } from '../src/queue.ts';
import {
  QUEUE_SCHEMA_VERSION,
  checkQueueSchema,
  entryState,
  flattenEntry,
  handBackEntry,
  lockEntry,
} from '../src/queue-store.ts';
import { type Pipeline, createPipeline, createUserWith, enqueue } from './helpers.ts';

/**
 * The contract between our statements on the queue's tables and the pg-boss that is installed:
 * each statement of `queue-store.ts` runs here against the schema pg-boss itself created, and
 * pg-boss's own calls (`getJobById`, `complete`) read back what they wrote.
 */

let pipeline: Pipeline;
beforeEach(async () => {
  pipeline = await createPipeline();
});
afterEach(async () => pipeline.close());

const boss = () => pipeline.queue.boss;
const name = QUEUE_NAMES.image;

async function queuedJob() {
  const user = await createUserWith(pipeline.database, 10);
  const job = await enqueue(pipeline, user.id, { command: 'make', options: { prompt: 'a fox' }, price: 4 });
  return (await getJob(pipeline.database.db, job.id))!;
}

describe("the queue's schema", () => {
  it('is the version the statements were written for', async () => {
    expect(await boss().schemaVersion()).toBe(QUEUE_SCHEMA_VERSION);
    await expect(checkQueueSchema(boss())).resolves.toBeUndefined();
  });

  it('stops start-up in one line when it is another version', async () => {
    const newer = { schemaVersion: async () => QUEUE_SCHEMA_VERSION + 1 } as unknown as PgBoss;
    const error = await checkQueueSchema(newer).catch((caught: Error) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(
      `The queue's schema is version ${QUEUE_SCHEMA_VERSION + 1}, but this release's queue statements were written for version ${QUEUE_SCHEMA_VERSION}; install the pg-boss version in the lockfile (npm ci).`,
    );
    expect((error as Error).message).not.toContain('\n');
  });
});

describe('our statements on the installed pg-boss', () => {
  it('claim, give back and claim again an entry pg-boss reads as active, then completes', async () => {
    const job = await queuedJob();
    const first = await claimNextJob(pipeline.database, 'image', { provider: 'local' });
    expect(first.kind).toBe('claimed');
    if (first.kind !== 'claimed') return;
    expect((await boss().getJobById(name, job.queueJobId!))?.state).toBe('active');

    expect(await unclaimJob(pipeline.database, 'image', first.claim)).toBe(true);
    expect((await boss().getJobById(name, job.queueJobId!))?.state).toBe('created');
    expect((await getJob(pipeline.database.db, job.id))?.status).toBe('queued');

    const again = await claimNextJob(pipeline.database, 'image', { provider: 'local' });
    if (again.kind !== 'claimed') throw new Error('not claimed again');
    await boss().complete(name, again.claim.attempt.id);
    expect(await entryState(pipeline.database.db, job.queueJobId!)).toBe('completed');
  });

  it('hands back an attempt only while it is still that attempt', async () => {
    const job = await queuedJob();
    const claimed = await claimNextJob(pipeline.database, 'image', { provider: 'local' });
    if (claimed.kind !== 'claimed') throw new Error('not claimed');
    const attempt = claimed.claim.attempt;
    expect(await handBackEntry(boss(), name, { ...attempt, retryCount: attempt.retryCount + 1 })).toBe(false);
    expect(await handBackEntry(boss(), name, attempt)).toBe(true);
    expect(await handBackEntry(boss(), name, attempt)).toBe(false);
    expect((await boss().getJobById(name, job.queueJobId!))?.state).toBe('created');
  });

  it('locks an entry so that a claim skips it until the lock goes', async () => {
    const job = await queuedJob();
    await pipeline.database.db.transaction(async (tx) => {
      await lockEntry(tx, name, job.queueJobId!);
      if (pipeline.database.kind === 'postgres') {
        // On PostgreSQL another connection's claim skips the locked entry.
        const skipped = await claimNextJob(pipeline.database, 'image', { provider: 'local' });
        expect(skipped.kind).toBe('empty');
      }
    });
    expect((await claimNextJob(pipeline.database, 'image', { provider: 'local' })).kind).toBe('claimed');
  });

  it('flattens an entry for the FIFO bench: no priority, no group', async () => {
    const job = await queuedJob();
    await flattenEntry(pipeline.database, job.queueJobId!);
    const [row] = rowsOf<{ priority: number; group_id: string | null }>(
      await pipeline.database.db.execute(
        sql`select priority, group_id from pgboss.job where id = ${job.queueJobId}::uuid`,
      ),
    );
    expect(row).toEqual({ priority: 0, group_id: null });
  });
});

/** Source files under `dir` (relative to `root`), leaving out tests, builds and installed packages. */
function sourcesUnder(root: string, dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory())
      return ['node_modules', 'dist', 'test', '.data'].includes(entry.name) ? [] : sourcesUnder(root, file);
    return /\.(ts|tsx|mts|mjs|js)$/.test(entry.name) && !entry.name.includes('.test.') ? [file] : [];
  });
}

describe('the one owner of the queue', () => {
  it('no source file but queue-store.ts names a table of the queue', () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    const found = ['apps', 'packages', 'bench', 'scripts']
      .flatMap((dir) => sourcesUnder(root, dir))
      .filter((file) => /\bpgboss\./.test(readFileSync(path.join(root, file), 'utf8')));
    expect(found).toEqual([path.join('packages', 'jobs', 'src', 'queue-store.ts')]);
  });
});
