import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/index.ts';
import type { Database } from '../client.ts';
import { grant, spend } from '../ledger.ts';
import { insertJob } from './jobs.ts';
import { listLedgerEntries } from './ledger-history.ts';
import { createUser } from './users.ts';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

describe('listLedgerEntries', () => {
  it('lists one user’s changes newest first, pages them, and carries both running balances and the job', async () => {
    const { db } = database;
    const user = await createUser(db, { discordName: `history-${Math.random()}` });
    const other = await createUser(db, { discordName: `other-${Math.random()}` });
    const base = { userId: user.id, reason: 'test' };
    await grant(db, {
      ...base,
      currency: 'credits',
      amount: 100,
      idempotencyKey: `${user.id}:plan`,
      reason: 'plan: Pro',
    });
    await grant(db, { ...base, currency: 'hypercredits', amount: 10, idempotencyKey: `${user.id}:gift` });
    await grant(db, {
      ...other,
      userId: other.id,
      reason: 'x',
      currency: 'credits',
      amount: 5,
      idempotencyKey: `${other.id}:x`,
    });
    const requestId = `req-${user.id}`;
    await spend(db, {
      ...base,
      currency: 'credits',
      amount: 4,
      idempotencyKey: `job:studio:${requestId}`,
      reason: 'job make',
    });
    const job = await insertJob(db, {
      userId: user.id,
      command: 'make',
      family: 'image',
      options: { prompt: 'a cat' },
      source: 'studio',
      requestId,
      costCredits: 4,
    });
    await grant(db, {
      ...base,
      currency: 'credits',
      amount: 4,
      idempotencyKey: `refund:${job!.id}`,
      reason: 'refund make',
    });

    const first = await listLedgerEntries(db, { userId: user.id, limit: 3 });
    expect(
      first.entries.map((entry) => [
        entry.reason,
        entry.delta,
        entry.credits,
        entry.hypercredits,
        entry.jobId,
      ]),
    ).toEqual([
      ['refund make', 4, 100, 10, job!.id],
      ['job make', -4, 96, 10, job!.id],
      ['test', 10, 100, 10, null],
    ]);
    expect(first.nextBefore).not.toBeNull();
    const second = await listLedgerEntries(db, { userId: user.id, before: first.nextBefore!, limit: 3 });
    expect(second.entries.map((entry) => [entry.reason, entry.credits, entry.hypercredits])).toEqual([
      ['plan: Pro', 100, 0],
    ]);
    expect(second.nextBefore).toBeNull();
  });
});
