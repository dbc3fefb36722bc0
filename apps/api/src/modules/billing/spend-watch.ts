/*
 * A job's hold is the moment credits are spent; what follows it (an auto top-up, the daily cap's
 * alerts) needs Stripe and Discord, which the job pipeline does not carry. The app that has them
 * watches the database's spending here, and the submission reports each hold after its commit.
 */

export interface SpendEvent {
  userId: string;
  /** Credits before and after the hold. */
  creditsBefore: number;
  creditsAfter: number;
}

type Watcher = (event: SpendEvent) => void;

const watchers = new WeakMap<object, Set<Watcher>>();

/** Calls `watcher` after each committed hold on `db`; returns the way to stop. */
export function watchSpending(db: object, watcher: Watcher): () => void {
  let set = watchers.get(db);
  if (!set) watchers.set(db, (set = new Set()));
  set.add(watcher);
  return () => set.delete(watcher);
}

/** Reports a committed hold to whoever watches `db` (nothing happens without a watcher). */
export function reportSpending(db: object, event: SpendEvent): void {
  for (const watcher of watchers.get(db) ?? []) watcher(event);
}
