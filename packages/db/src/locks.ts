import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from './client.ts';

/** The first key of our advisory locks; the second is the hashed name of what is locked. */
const LOCK_NAMESPACE = 724012;

/**
 * Work waiting on, or holding, each named lock of each PGlite database in this process (PGlite lives
 * in one process): two databases in one process never wait on each other's locks.
 */
const held = new WeakMap<object, Map<string, Promise<unknown>>>();
const localLocks = (db: Db) => {
  const client = (db as unknown as { $client: object }).$client;
  let locks = held.get(client);
  if (!locks) held.set(client, (locks = new Map<string, Promise<unknown>>()));
  return locks;
};

const isPglite = (db: Db) => (db as unknown as { $client?: unknown }).$client instanceof PGlite;

/**
 * Runs `work` while holding the lock `name`: one holder at a time across every process sharing the
 * database (a PostgreSQL advisory lock held by a transaction), or, with PGlite, within this process.
 * The transaction only holds the lock: `work` uses the database through `db` as usual (and with
 * PGlite the single connection stays free for others while it runs).
 */
export async function withNamedLock<T>(db: Db, name: string, work: () => Promise<T>): Promise<T> {
  if (isPglite(db)) {
    const local = localLocks(db);
    const before = local.get(name) ?? Promise.resolve();
    const run = before.catch(() => undefined).then(work);
    const settled = run.catch(() => undefined);
    local.set(name, settled);
    try {
      return await run;
    } finally {
      if (local.get(name) === settled) local.delete(name);
    }
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, hashtext(${name}))`);
    return work();
  });
}

/**
 * Runs `work` while holding the lock `name` when no one else holds it; otherwise does nothing and
 * answers `{ ran: false }` at once. Work that one process anywhere should do at a time (a periodic
 * pass over every member): the others skip their turn instead of doing it again after it.
 */
export async function withNamedLockIfFree<T>(
  db: Db,
  name: string,
  work: () => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false }> {
  if (isPglite(db)) {
    if (localLocks(db).has(name)) return { ran: false };
    return { ran: true, value: await withNamedLock(db, name, work) };
  }
  return db.transaction(async (tx) => {
    const [row] = rowsOf<{ ok: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${LOCK_NAMESPACE}, hashtext(${name})) as ok`),
    );
    if (!row?.ok) return { ran: false as const };
    return { ran: true as const, value: await work() };
  });
}
