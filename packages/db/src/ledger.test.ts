import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase } from './testing/index.ts';
import type { Database } from './client.ts';
import { LedgerError, grant, readBalance, setBalance, spend, takeBack } from './ledger.ts';
import { creditLedger, users } from './schema/index.ts';

let database: Database;
let userId: string;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());
beforeEach(async () => {
  const [row] = await database.db
    .insert(users)
    .values({ discordName: `u${Math.random()}` })
    .returning();
  userId = row!.id;
});

const change = (key: string, amount: number) => ({
  userId,
  currency: 'credits' as const,
  amount,
  reason: 'test',
  idempotencyKey: `${userId}:${key}`,
});

describe('ledger', () => {
  it('applies the same grant once however often it is repeated', async () => {
    expect(await grant(database.db, change('a', 100))).toEqual({ status: 'applied', balance: 100 });
    expect(await grant(database.db, change('a', 100))).toEqual({ status: 'duplicate', balance: 100 });
    const rows = await database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
    expect(rows).toHaveLength(1);
    expect(await readBalance(database.db, userId, 'credits')).toBe(100);
  });

  it('never spends below zero', async () => {
    await grant(database.db, change('g', 5));
    expect((await spend(database.db, change('s1', 6))).status).toBe('insufficient');
    expect(await spend(database.db, change('s2', 5))).toEqual({ status: 'applied', balance: 0 });
    expect((await spend(database.db, change('s3', 1))).status).toBe('insufficient');
    expect(await readBalance(database.db, userId, 'credits')).toBe(0);
  });

  it('keeps hypercredits apart from credits', async () => {
    await grant(database.db, { ...change('h', 7), currency: 'hypercredits' });
    expect(await readBalance(database.db, userId, 'hypercredits')).toBe(7);
    expect(await readBalance(database.db, userId, 'credits')).toBe(0);
  });

  it('refuses non-positive or fractional amounts', async () => {
    await expect(grant(database.db, change('z', 0))).rejects.toThrow();
    await expect(spend(database.db, change('n', -3))).rejects.toThrow();
    await expect(grant(database.db, change('f', 1.5))).rejects.toThrow();
  });

  it('sets a balance through a recorded difference', async () => {
    await grant(database.db, change('base', 40));
    expect(await setBalance(database.db, { ...change('set', 0), target: 15 })).toEqual({
      status: 'applied',
      balance: 15,
    });
    const [row] = await database.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.idempotencyKey, `${userId}:set`));
    expect(row?.delta).toBe(-25);
  });

  it('takes back below zero once per key; spends are refused until a grant settles the debt', async () => {
    await setBalance(database.db, { ...change('reset-for-take-back', 0), target: 30 });
    const taken = await takeBack(database.db, change('clawback:refund:re_1:credits', 100));
    expect(taken).toEqual({ status: 'applied', balance: -70 });
    expect(await takeBack(database.db, change('clawback:refund:re_1:credits', 100))).toEqual({
      status: 'duplicate',
      balance: -70,
    });
    expect((await spend(database.db, change('after-take-back', 1))).status).toBe('insufficient');
    expect(await grant(database.db, change('top-up-after-take-back', 20))).toEqual({
      status: 'applied',
      balance: -50,
    });
    expect(await grant(database.db, change('top-up-settles', 60))).toEqual({
      status: 'applied',
      balance: 10,
    });
    expect((await spend(database.db, change('after-top-up', 1))).status).toBe('applied');
    await expect(takeBack(database.db, change('clawback:zero', 0))).rejects.toThrow(LedgerError);
  });

  it.runIf(database_is_postgres())(
    'gives exactly 50 successes for 200 concurrent spends of 1 against 50',
    async () => {
      await grant(database.db, change('fifty', 50));
      const results = await Promise.all(
        Array.from({ length: 200 }, (_, i) => spend(database.db, change(`race-${i}`, 1))),
      );
      expect(results.filter((result) => result.status === 'applied')).toHaveLength(50);
      expect(await readBalance(database.db, userId, 'credits')).toBe(0);
    },
  );

  it.runIf(database_is_postgres())('leaves the target after five concurrent sets to it', async () => {
    await grant(database.db, change('start', 5000));
    await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        setBalance(database.db, { ...change(`set-${i}`, 0), target: 3000 }),
      ),
    );
    expect(await readBalance(database.db, userId, 'credits')).toBe(3000);
  });

  it('joins a transaction it is given: a rollback takes the change back', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await setBalance(tx, { ...change('in-tx', 0), target: 70 });
        throw new Error('the rest of the edit failed');
      }),
    ).rejects.toThrow('the rest of the edit failed');
    expect(await readBalance(database.db, userId, 'credits')).toBe(0);
  });

  it.runIf(database_is_postgres())('applies one of 50 concurrent grants with the same key', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, () => grant(database.db, change('same', 10))),
    );
    expect(results.filter((result) => result.status === 'applied')).toHaveLength(1);
    expect(await readBalance(database.db, userId, 'credits')).toBe(10);
  });
});

function database_is_postgres() {
  return Boolean(process.env.TEST_DATABASE_URL);
}
