import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './testing/index.ts';
import type { Database } from './client.ts';
import { noticesSent, notifyAfterCommit } from './notices.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

/** Waits, however long it takes, for the listener to have heard this many (the test's own timeout bounds it). */
const heardAll = (heard: string[], count: number) =>
  new Promise<void>((resolve) => {
    const check = () => (heard.length >= count ? resolve() : setTimeout(check, 10));
    check();
  });

describe('notices sent after commit', () => {
  it('reach every listener, in the order they were asked for, however they were batched', async () => {
    const heard: string[] = [];
    const unlisten = await database.listen('notices_test', (payload) => heard.push(payload));
    try {
      // The first goes at once; the rest wait for it and go together, still in order.
      for (let i = 0; i < 20; i++)
        notifyAfterCommit(database.db, [{ channel: 'notices_test', payload: `n${i}` }]);
      notifyAfterCommit(database.db, [
        { channel: 'notices_test', payload: 'a' },
        { channel: 'notices_other', payload: 'elsewhere' },
        { channel: 'notices_test', payload: 'b' },
      ]);
      await noticesSent(database.db);
      await heardAll(heard, 22);
      expect(heard).toEqual([...Array.from({ length: 20 }, (_, i) => `n${i}`), 'a', 'b']);
    } finally {
      await unlisten();
    }
  });

  it('are dropped, without an error, when the database cannot take them', async () => {
    const closed = await createTestDatabase();
    await closed.close();
    expect(() => notifyAfterCommit(closed.db, [{ channel: 'notices_test', payload: 'lost' }])).not.toThrow();
    await expect(noticesSent(closed.db)).resolves.toBeUndefined();
  });
});
