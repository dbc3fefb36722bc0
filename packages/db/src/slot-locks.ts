import pg from 'pg';
import type { Database } from './client.ts';
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
  /** False once the locks' connection is lost (the slots may be someone else's now). */
  readonly alive: boolean;
  close(): Promise<void>;
}

const keyOf = (lockKey: number, slot: number) => lockKey * SLOT_LOCK_STRIDE + slot;

export async function openSlotLocks(database: Database): Promise<SlotLocks> {
  const held = new Set<number>();
  if (database.kind === 'pglite' || !database.url) {
    const client = database.pglite!;
    return {
      alive: true,
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
  const client = new pg.Client({ connectionString: database.url, application_name: 'hypercreate-slots' });
  let alive = true;
  const lost = () => {
    alive = false;
    held.clear();
  };
  client.on('error', lost);
  client.on('end', lost);
  await client.connect();
  // One statement at a time on the one connection (pg would queue them, but no longer wants to).
  let chain: Promise<unknown> = Promise.resolve();
  const query = <T extends object>(text: string, values: unknown[]) => {
    const run = chain.then(() => client.query<T>(text, values));
    chain = run.catch(() => undefined);
    return run;
  };
  return {
    get alive() {
      return alive;
    },
    async tryLock(lockKey, slot) {
      const key = keyOf(lockKey, slot);
      if (!alive || held.has(key)) return false;
      const result = await query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [
        SLOT_LOCK_NAMESPACE,
        key,
      ]);
      if (!result.rows[0]?.ok) return false;
      held.add(key);
      return true;
    },
    async unlock(lockKey, slot) {
      const key = keyOf(lockKey, slot);
      if (!held.delete(key) || !alive) return;
      await query('select pg_advisory_unlock($1, $2)', [SLOT_LOCK_NAMESPACE, key]);
    },
    async close() {
      alive = false;
      held.clear();
      await client.end().catch(() => {});
    },
  };
}
