import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase } from './testing/index.ts';
import type { Database } from './client.ts';
import { deleteExpiredRateLimits, hit, hitMany, peekRateLimits, rateLimitBatcher } from './rate-limits.ts';
import { rateLimits } from './schema/index.ts';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

const unique = (name: string) => `${name}:${Math.random()}`;
const never = () => 1;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('hit', () => {
  it('counts hits on a key within its window, and keys apart', async () => {
    const key = unique('a');
    const other = unique('b');
    const first = await hit(database.db, { key, windowMs: 60_000, random: never });
    expect(first.count).toBe(1);
    expect(first.ttlMs).toBeGreaterThan(55_000);
    expect(first.ttlMs).toBeLessThanOrEqual(60_000);
    const second = await hit(database.db, { key, windowMs: 60_000, random: never });
    expect(second.count).toBe(2);
    // The window is fixed: later hits do not move its end.
    expect(second.resetAt.getTime()).toBe(first.resetAt.getTime());
    expect((await hit(database.db, { key: other, windowMs: 60_000, random: never })).count).toBe(1);
    expect((await hit(database.db, { key, windowMs: 60_000, random: never })).count).toBe(3);
  });

  it('starts a new window at 1 once the old one has ended', async () => {
    const key = unique('expiring');
    await hit(database.db, { key, windowMs: 50, random: never });
    await hit(database.db, { key, windowMs: 50, random: never });
    await sleep(120);
    const after = await hit(database.db, { key, windowMs: 60_000, random: never });
    expect(after.count).toBe(1);
    expect(after.ttlMs).toBeGreaterThan(55_000);
  });

  it('peeks at live counts without counting, and skips ended windows', async () => {
    const live = unique('live');
    const ended = unique('ended');
    await hit(database.db, { key: live, windowMs: 60_000, random: never });
    await hit(database.db, { key: ended, windowMs: 50, random: never });
    await sleep(120);
    const seen = await peekRateLimits(database.db, [live, ended, unique('none')]);
    expect(seen.map((row) => row.count)).toEqual([1]);
    expect(await peekRateLimits(database.db, [])).toEqual([]);
    expect((await hit(database.db, { key: live, windowMs: 60_000, random: never })).count).toBe(2);
  });

  it('deletes expired rows now and then, never live ones', async () => {
    const live = unique('keep');
    const ended = unique('drop');
    await hit(database.db, { key: live, windowMs: 60_000, random: never });
    await hit(database.db, { key: ended, windowMs: 50, random: never });
    await sleep(120);
    // A hit whose draw falls in the 1-in-100 slice sweeps expired rows.
    await hit(database.db, { key: unique('sweeper'), windowMs: 60_000, random: () => 0 });
    const rows = async (key: string) => database.db.select().from(rateLimits).where(eq(rateLimits.key, key));
    expect(await rows(ended)).toHaveLength(0);
    expect(await rows(live)).toHaveLength(1);
    await hit(database.db, { key: ended, windowMs: 50, random: never });
    await sleep(120);
    expect(await deleteExpiredRateLimits(database.db)).toBeGreaterThanOrEqual(1);
    expect(await rows(ended)).toHaveLength(0);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('hit on PostgreSQL', () => {
  it('gives 200 parallel hits on one key the counts 1..200 exactly', async () => {
    const key = unique('parallel');
    const results = await Promise.all(
      Array.from({ length: 200 }, () => hit(database.db, { key, windowMs: 60_000 })),
    );
    const counts = results.map((result) => result.count).sort((a, b) => a - b);
    expect(counts).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(new Set(results.map((result) => result.resetAt.getTime())).size).toBe(1);
  });
});

describe('hitMany', () => {
  it('counts each request as if they came one by one, keys apart, in the order asked', async () => {
    const key = unique('many');
    const other = unique('many-other');
    await hit(database.db, { key, windowMs: 60_000, random: never });
    const hits = await hitMany(
      database.db,
      [key, other, key, key, other].map((name) => ({ key: name, windowMs: 60_000 })),
      never,
    );
    expect(hits.map((one) => one.count)).toEqual([2, 1, 3, 4, 2]);
    expect(
      new Set(
        hits
          .slice(0, 1)
          .concat(hits.slice(2, 4))
          .map((one) => one.resetAt.getTime()),
      ).size,
    ).toBe(1);
    expect((await hit(database.db, { key, windowMs: 60_000, random: never })).count).toBe(5);
  });

  it('starts a new window on a key whose window has ended', async () => {
    const key = unique('many-ended');
    await hitMany(database.db, [{ key, windowMs: 50 }], never);
    await sleep(80);
    const hits = await hitMany(
      database.db,
      [
        { key, windowMs: 60_000 },
        { key, windowMs: 60_000 },
      ],
      never,
    );
    expect(hits.map((one) => one.count)).toEqual([1, 2]);
    expect(hits[0]!.ttlMs).toBeGreaterThan(55_000);
  });
});

describe('rateLimitBatcher', () => {
  it('counts the hits asked for in one turn in one statement, each with its exact count', async () => {
    const batches: number[] = [];
    const batcher = rateLimitBatcher(database.db, (db, requests, random) => {
      batches.push(requests.length);
      return hitMany(db, requests, random);
    });
    const key = unique('batched');
    const first = await Promise.all(Array.from({ length: 30 }, () => batcher({ key, windowMs: 60_000 })));
    expect(first.map((one) => one.count)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    const second = await batcher({ key, windowMs: 60_000 });
    expect(second.count).toBe(31);
    expect(batches).toEqual([30, 1]);
  });

  it('fails every hit of a statement that failed, and counts the next ones', async () => {
    let fail = true;
    const batcher = rateLimitBatcher(database.db, (db, requests, random) =>
      fail ? Promise.reject(new Error('connection lost')) : hitMany(db, requests, random),
    );
    const key = unique('batched-failure');
    const failed = await Promise.allSettled([1, 2, 3].map(() => batcher({ key, windowMs: 60_000 })));
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    fail = false;
    expect((await batcher({ key, windowMs: 60_000 })).count).toBe(1);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('batched hits on PostgreSQL', () => {
  it('gives parallel batches over shared keys exact counts, without deadlocks', async () => {
    const keys = Array.from({ length: 8 }, (_, i) => unique(`shared-${i}`));
    const batchers = Array.from({ length: 8 }, () => rateLimitBatcher(database.db));
    // Each batcher asks for every key in the same turn, half of them in the opposite order.
    const orderOf = (b: number) => (b % 2 ? [...keys].reverse() : keys);
    const results: { key: string; count: number }[] = [];
    for (let round = 0; round < 10; round++) {
      results.push(
        ...(await Promise.all(
          batchers.flatMap((batcher, b) =>
            orderOf(b).map((key) =>
              batcher({ key, windowMs: 60_000 }).then((one) => ({ key, count: one.count })),
            ),
          ),
        )),
      );
    }
    for (const key of keys) {
      const counts = results.filter((one) => one.key === key).map((one) => one.count);
      expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 80 }, (_, i) => i + 1));
    }
  });
});
