import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './testing/index.ts';
import type { Database } from './client.ts';
import { withNamedLock } from './locks.ts';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

/** Work that records when it starts and ends, yielding in between so others could run. */
function tracked(log: string[], name: string) {
  return async () => {
    log.push(`start ${name}`);
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    await database.db.execute('select 1');
    log.push(`end ${name}`);
    return name;
  };
}

describe('withNamedLock', () => {
  it('runs work under one name one at a time, in any order, and returns each result', async () => {
    const log: string[] = [];
    const key = `lock:${Math.random()}`;
    const results = await Promise.all(
      ['a', 'b', 'c', 'd'].map((name) => withNamedLock(database.db, key, tracked(log, name))),
    );
    expect(results).toEqual(['a', 'b', 'c', 'd']);
    for (let i = 0; i < log.length; i += 2) {
      expect(log[i]!.replace('start', 'end')).toBe(log[i + 1]);
    }
  });

  it('a failing holder releases the lock for the next one', async () => {
    const key = `lock:${Math.random()}`;
    const failing = withNamedLock(database.db, key, async () => {
      throw new Error('failed inside');
    });
    const next = withNamedLock(database.db, key, async () => 'ran');
    await expect(failing).rejects.toThrow('failed inside');
    await expect(next).resolves.toBe('ran');
  });

  it('different names do not wait for each other', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = withNamedLock(database.db, `lock:${Math.random()}`, () => held);
    await expect(withNamedLock(database.db, `lock:${Math.random()}`, async () => 'free')).resolves.toBe(
      'free',
    );
    release();
    await first;
  });
});
