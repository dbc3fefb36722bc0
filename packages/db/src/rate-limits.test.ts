import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase } from './testing/index.ts';
import type { Database } from './client.ts';
import { deleteExpiredRateLimits, hit, peekRateLimits } from './rate-limits.ts';
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
