import { eq, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from './client.ts';
import { creditLedger, users } from './schema/index.ts';

/**
 * The credit ledger: the only code that changes a balance. Each change is one append-only row with
 * a unique idempotency key, written in the same transaction as the balance column it moves, so a
 * retried grant (a webhook delivered twice) changes nothing the second time.
 */

export type Currency = 'credits' | 'hypercredits';

export interface LedgerChange {
  userId: string;
  currency: Currency;
  amount: number;
  reason: string;
  idempotencyKey: string;
}

export type LedgerResult =
  | { status: 'applied'; balance: number }
  | { status: 'duplicate'; balance: number }
  | { status: 'insufficient'; balance: number };

export class LedgerError extends Error {}

const balanceColumn = (currency: Currency) => (currency === 'credits' ? users.credits : users.hypercredits);

function assertAmount(amount: number) {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new LedgerError(`Amount must be a positive integer`);
}

/** Adds `amount` to a balance, once per idempotency key. */
export async function grant(db: DbOrTx, change: LedgerChange): Promise<LedgerResult> {
  assertAmount(change.amount);
  return applyDelta(db, change, () => change.amount);
}

/** Takes `amount` from a balance, once per key, never below zero. */
export async function spend(db: DbOrTx, change: LedgerChange): Promise<LedgerResult> {
  assertAmount(change.amount);
  return applyDelta(db, change, () => -change.amount);
}

/**
 * `spend` for a caller whose transaction already holds the user's row lock (a job submission):
 * the balance and its ledger row move together in one statement, never below zero. A key used
 * before fails the statement (and with it the caller's transaction) on the unique index, so nothing
 * is taken twice; `isUniqueViolation` tells that failure apart.
 */
export async function spendLocked(tx: DbOrTx, change: LedgerChange): Promise<LedgerResult> {
  assertAmount(change.amount);
  const column = balanceColumn(change.currency);
  const result = await tx.execute(sql`
    with spent as (
      update ${users} set ${sql.identifier(column.name)} = ${column} - ${change.amount}::int, updated_at = now()
      where ${users.id} = ${change.userId} and ${column} >= ${change.amount}::int
      returning ${column} as balance
    ), entry as (
      insert into ${creditLedger} (user_id, currency, delta, reason, idempotency_key, balance_after)
      select ${change.userId}::uuid, ${change.currency}, ${-change.amount}::int, ${change.reason}, ${change.idempotencyKey}, balance
      from spent
      returning balance_after
    )
    select (select balance_after from entry) as "after",
      (select ${column} from ${users} where ${users.id} = ${change.userId}) as "before"`);
  const [row] = rowsOf<{ after: number | null; before: number | null }>(result);
  if (row?.before == null) throw new LedgerError('Unknown user');
  return row.after == null
    ? { status: 'insufficient', balance: row.before }
    : { status: 'applied', balance: row.after };
}

/**
 * Takes back `amount` that a refunded or charged-back payment granted, once per key. Unlike a
 * spend it may leave the balance below zero: the credits may already be spent, and the debt
 * stands until a top-up settles it.
 */
export async function takeBack(db: DbOrTx, change: LedgerChange): Promise<LedgerResult> {
  assertAmount(change.amount);
  return applyDelta(db, change, () => -change.amount, { mayGoNegative: true });
}

/**
 * Sets a balance to `target` (an admin correction), recorded as the difference. The difference is
 * worked out under the row lock, so concurrent sets and grants each see the balance the one before
 * left: five concurrent sets to 3000 leave 3000, not whatever each read before the others wrote.
 */
export async function setBalance(
  db: DbOrTx,
  change: Omit<LedgerChange, 'amount'> & { target: number },
): Promise<LedgerResult> {
  if (!Number.isSafeInteger(change.target) || change.target < 0) {
    throw new LedgerError('Balance must be a non-negative integer');
  }
  return applyDelta(db, change, (current) => change.target - current);
}

export async function readBalance(db: DbOrTx, userId: string, currency: Currency): Promise<number> {
  const [row] = await db
    .select({ balance: balanceColumn(currency) })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new LedgerError('Unknown user');
  return row.balance;
}

/**
 * Applies the change `deltaFor` picks from the locked current balance. Given a transaction, it
 * runs inside it (as a savepoint), so the caller's other writes and this one stand or fall together.
 */
async function applyDelta(
  db: DbOrTx,
  change: Omit<LedgerChange, 'amount'>,
  deltaFor: (current: number) => number,
  { mayGoNegative = false }: { mayGoNegative?: boolean } = {},
): Promise<LedgerResult> {
  const column = balanceColumn(change.currency);
  try {
    return await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ balanceAfter: creditLedger.balanceAfter })
        .from(creditLedger)
        .where(eq(creditLedger.idempotencyKey, change.idempotencyKey));
      if (existing) return { status: 'duplicate', balance: existing.balanceAfter } as const;

      // The row lock queues concurrent changes of this user's balances; each reads what the one
      // before it left.
      const [locked] = await tx
        .select({ balance: column })
        .from(users)
        .where(eq(users.id, change.userId))
        .for('update');
      if (!locked) throw new LedgerError('Unknown user');
      const delta = deltaFor(locked.balance);
      if (delta === 0) return { status: 'applied', balance: locked.balance } as const;
      if (!mayGoNegative && delta < 0 && locked.balance + delta < 0)
        return { status: 'insufficient', balance: locked.balance } as const;

      const [updated] = await tx
        .update(users)
        .set({ [change.currency]: sql`${column} + ${delta}`, updatedAt: new Date() })
        .where(eq(users.id, change.userId))
        .returning({ balance: column });
      await tx.insert(creditLedger).values({
        userId: change.userId,
        currency: change.currency,
        delta,
        reason: change.reason,
        idempotencyKey: change.idempotencyKey,
        balanceAfter: updated!.balance,
      });
      return { status: 'applied', balance: updated!.balance } as const;
    });
  } catch (error) {
    // Two concurrent writers with the same key: the loser's insert hits the unique index.
    if (isUniqueViolation(error)) {
      const [row] = await db
        .select({ balanceAfter: creditLedger.balanceAfter })
        .from(creditLedger)
        .where(eq(creditLedger.idempotencyKey, change.idempotencyKey));
      if (row) return { status: 'duplicate', balance: row.balanceAfter };
    }
    throw error;
  }
}

export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: string }).code === '23505') return true;
  }
  return false;
}
