import pg from 'pg';
import { keepConnection, type Database } from './client.ts';
import { SLOT_LOCK_NAMESPACE, SLOT_LOCK_STRIDE } from './repositories/fleet.ts';

/**
 * Session advisory locks, one per busy host slot, on a connection of their own: a slot is never
 * used by two workers at once across machines, and a worker that dies (even by kill -9) frees its
 * slots the moment its connection closes. PGlite lives in one process: its one session holds them.
 */
export interface SlotLocks {
  /** True when this process now holds the slot (and did not before). */
  tryLock(lockKey: number, slot: number): Promise<boolean>;
  unlock(lockKey: number, slot: number): Promise<void>;
  /**
   * False while the locks' connection is lost: slots it held may be someone else's now, and none
   * can be taken until a new connection is open (it is reopened with backoff).
   */
  readonly alive: boolean;
  /**
   * Calls `listener` with the slots held when the connection was lost: their work must stop and
   * go back to the queue, as after a crash, since another worker may take them meanwhile.
   */
  onLost(listener: (slots: { lockKey: number; slot: number }[]) => void): void;
  close(): Promise<void>;
}

const keyOf = (lockKey: number, slot: number) => lockKey * SLOT_LOCK_STRIDE + slot;
const slotOf = (key: number) => ({
  lockKey: Math.floor(key / SLOT_LOCK_STRIDE),
  slot: key % SLOT_LOCK_STRIDE,
});

export async function openSlotLocks(database: Database): Promise<SlotLocks> {
  const held = new Set<number>();
  if (database.kind === 'pglite' || !database.url) {
    const client = database.pglite!;
    return {
      alive: true,
      onLost() {},
      async tryLock(lockKey, slot) {
        const key = keyOf(lockKey, slot);
        // The one session would take the same lock twice; this process's own set says who has it.
        if (held.has(key)) return false;
        await client.query('select pg_advisory_lock($1, $2)', [SLOT_LOCK_NAMESPACE, key]);
        held.add(key);
        return true;
      },
      async unlock(lockKey, slot) {
        const key = keyOf(lockKey, slot);
        if (!held.delete(key)) return;
        await client.query('select pg_advisory_unlock($1, $2)', [SLOT_LOCK_NAMESPACE, key]);
      },
      async close() {
        for (const key of held) {
          await client.query('select pg_advisory_unlock($1, $2)', [SLOT_LOCK_NAMESPACE, key]).catch(() => {});
        }
        held.clear();
      },
    };
  }
  const url = database.url;
  const listeners: ((slots: { lockKey: number; slot: number }[]) => void)[] = [];
  // One statement at a time on the one connection (pg would queue them, but no longer wants to).
  let chain: Promise<unknown> = Promise.resolve();
  const connection = await keepConnection(url, 'hypercreate-slots', {
    onLost() {
      const slots = [...held].map(slotOf);
      held.clear();
      chain = Promise.resolve();
      if (slots.length) for (const listener of listeners) listener(slots);
    },
  });

  /** Runs on the current connection; `target` says which, so an answer can be matched to it. */
  const query = <T extends object>(
    text: string,
    values: unknown[],
  ): { run: Promise<pg.QueryResult<T>>; target?: pg.Client } => {
    const target = connection.current();
    if (!target) return { run: Promise.reject(new Error("The slot locks' connection is closed.")) };
    const run = chain.then(() => target.query<T>(text, values));
    chain = run.catch(() => undefined);
    return { run, target };
  };
  return {
    get alive() {
      return connection.current() !== undefined;
    },
    onLost(listener) {
      listeners.push(listener);
    },
    async tryLock(lockKey, slot) {
      const key = keyOf(lockKey, slot);
      if (!connection.current() || held.has(key)) return false;
      const { run, target } = query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [
        SLOT_LOCK_NAMESPACE,
        key,
      ]);
      const result = await run;
      // Granted on a connection lost since: the lock went with it.
      if (!result.rows[0]?.ok || connection.current() !== target) return false;
      held.add(key);
      return true;
    },
    async unlock(lockKey, slot) {
      const key = keyOf(lockKey, slot);
      if (!held.delete(key) || !connection.current()) return;
      await query('select pg_advisory_unlock($1, $2)', [SLOT_LOCK_NAMESPACE, key]).run;
    },
    async close() {
      held.clear();
      await connection.close();
    },
  };
}
