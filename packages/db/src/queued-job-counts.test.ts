import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from './testing/index.ts';
import { type Database, MIGRATIONS_FOLDER, rowsOf } from './client.ts';
import { createUser } from './repositories/users.ts';
import { type JobStatus, insertJob } from './repositories/jobs.ts';
import { foldQueuedJobCounts } from './repositories/fleet.ts';

/**
 * The queue's counters (`queued_job_counts`, kept by the jobs table's triggers) say how many jobs
 * wait at each family and rank, whatever moved a job in or out of the queue; a submission reads its
 * place from them.
 */

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());
beforeEach(async () => {
  await database.db.execute(sql`delete from jobs`);
});

type Tally = Record<string, number>;

/** The queue counted two ways: by its counters, and row by row. */
async function tallies(): Promise<{ counters: Tally; rows: Tally }> {
  const read = async (query: ReturnType<typeof sql>) =>
    Object.fromEntries(
      rowsOf<{ key: string; count: number }>(await database.db.execute(query))
        .filter((row) => Number(row.count) !== 0)
        .map((row) => [row.key, Number(row.count)]),
    );
  return {
    counters: await read(sql`
      select family || ':' || priority as key, sum(count)::int as count from queued_job_counts
      group by family, priority`),
    rows: await read(sql`
      select family || ':' || priority as key, count(*)::int as count from jobs where status = 'queued'
      group by family, priority`),
  };
}

async function expectCountersToMatch(expected: Tally) {
  const { counters, rows } = await tallies();
  expect(rows).toEqual(expected);
  expect(counters).toEqual(rows);
}

const setStatus = (id: string, status: string) =>
  database.db.execute(sql`update jobs set status = ${status} where id = ${id}::uuid`);

describe("the queue's counters", () => {
  it('follow every way a job enters or leaves the queue', async () => {
    const user = await createUser(database.db, { discordName: 'counted' });
    const other = await createUser(database.db, { discordName: 'counted-too' });
    let n = 0;
    const job = async (
      family: 'image' | 'video',
      priority: number,
      status: JobStatus = 'queued',
      userId = user.id,
    ) =>
      (await insertJob(database.db, {
        userId,
        command: family === 'image' ? 'make' : 'video',
        family,
        options: { prompt: `job ${n}` },
        priority,
        status,
        source: 'test',
        requestId: `counted-${n++}`,
      }))!;

    const a = await job('image', 5);
    const b = await job('image', 5);
    const c = await job('image', 3);
    const d = await job('video', 5);
    const running = await job('image', 5, 'running');
    await job('image', 3, 'queued', other.id);
    await expectCountersToMatch({ 'image:5': 2, 'image:3': 2, 'video:5': 1 });

    // Dispatched, handed back, cancelled, finished: only queued jobs count.
    await setStatus(a.id, 'running');
    await expectCountersToMatch({ 'image:5': 1, 'image:3': 2, 'video:5': 1 });
    await setStatus(a.id, 'queued');
    await setStatus(running.id, 'succeeded');
    await setStatus(b.id, 'cancelled');
    await expectCountersToMatch({ 'image:5': 1, 'image:3': 2, 'video:5': 1 });

    // A queued job moved to another rank, and one whose other columns change, counted once.
    await database.db.execute(sql`update jobs set priority = 9 where id = ${c.id}::uuid`);
    await database.db.execute(
      sql`update jobs set progress = 0.5, status = 'queued' where id = ${d.id}::uuid`,
    );
    await expectCountersToMatch({ 'image:5': 1, 'image:9': 1, 'image:3': 1, 'video:5': 1 });

    // Jobs deleted with their person; then every job at once.
    await database.db.execute(sql`delete from users where id = ${other.id}::uuid`);
    await expectCountersToMatch({ 'image:5': 1, 'image:9': 1, 'video:5': 1 });
    await database.db.execute(sql`truncate jobs cascade`);
    await expectCountersToMatch({});
  });

  it('fold the rows of ended connections into one, without changing a sum', async () => {
    const user = await createUser(database.db, { discordName: 'folded' });
    for (const [n, priority] of [4, 4, 2].entries()) {
      await insertJob(database.db, {
        userId: user.id,
        command: 'make',
        family: 'image',
        options: { prompt: `fold ${n}` },
        priority,
        source: 'test',
        requestId: `folded-${n}`,
      });
    }
    // Counters left by connections that have ended (no live backend has these process ids): one
    // that queued two jobs at rank 2, one whose two jobs there have left the queue since.
    await database.db.execute(sql`
      insert into queued_job_counts (family, priority, stripe, count)
      values ('image', 2, 2000000001, 2), ('image', 2, 2000000002, -2), ('video', 1, 2000000001, 0)`);
    const before = await tallies();

    // At least those three: a pool connection may have ended in the meantime too.
    expect(await foldQueuedJobCounts(database.db)).toBeGreaterThanOrEqual(3);
    const after = await tallies();
    expect(after.counters).toEqual(before.counters);
    expect(after.counters).toEqual({ 'image:4': 2, 'image:2': 1 });
    const stripes = rowsOf<{ stripe: number }>(
      await database.db.execute(sql`select stripe from queued_job_counts where stripe > 1000000000`),
    );
    expect(stripes).toEqual([]);

    // Folding again finds nothing more to fold, and drops the rows that count nothing.
    await database.db.execute(sql`update jobs set status = 'running' where status = 'queued'`);
    await foldQueuedJobCounts(database.db);
    await foldQueuedJobCounts(database.db);
    await expectCountersToMatch({});
    const zero = rowsOf<{ rows: number }>(
      await database.db.execute(
        sql`select count(*)::int as rows from queued_job_counts where stripe = 0 and count = 0`,
      ),
    );
    expect(Number(zero[0]!.rows)).toBe(0);
  });

  it('stay exact under submissions on many connections at once', async () => {
    const users = await Promise.all(
      Array.from({ length: 8 }, (_, i) => createUser(database.db, { discordName: `rush-${i}` })),
    );
    await Promise.all(
      Array.from({ length: 64 }, (_, n) =>
        insertJob(database.db, {
          userId: users[n % users.length]!.id,
          command: 'make',
          family: 'image',
          options: { prompt: `rush ${n}` },
          priority: n % 3,
          source: 'test',
          requestId: `rush-${n}`,
        }),
      ),
    );
    await database.db.execute(
      sql`update jobs set status = 'running' where priority = 0 and status = 'queued'`,
    );
    const { counters, rows } = await tallies();
    expect(counters).toEqual(rows);
    expect(Object.values(rows).reduce((sum, count) => sum + count, 0)).toBe(42);
  });

  it('start from the queue as it stands when the migration that adds them runs', async () => {
    const user = await createUser(database.db, { discordName: 'upgraded' });
    for (const [n, [family, priority]] of (
      [
        ['image', 1],
        ['image', 1],
        ['audio', 6],
      ] as const
    ).entries()) {
      await insertJob(database.db, {
        userId: user.id,
        command: family === 'image' ? 'make' : 'speak',
        family,
        options: { prompt: `upgrade ${n}` },
        priority,
        source: 'test',
        requestId: `upgraded-${n}`,
      });
    }
    // As before the migration: no counters, then its last statement.
    await database.db.execute(sql`delete from queued_job_counts`);
    const migration = readFileSync(path.join(MIGRATIONS_FOLDER, '0024_queued_job_counts.sql'), 'utf8');
    await database.db.execute(sql.raw(migration.split('--> statement-breakpoint').at(-1)!));
    await expectCountersToMatch({ 'image:1': 2, 'audio:6': 1 });
  });
});
