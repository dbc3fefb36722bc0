import { type DbOrTx, listBlocklistTerms } from '@app/db';
import { type BlockedTerm, blocklistMatcher } from './prompt-matcher.ts';

interface Remembered {
  signature: string;
  match: (text: string) => BlockedTerm[];
}

/** The matcher last built, shared by every database handle: it is rebuilt only when the list changed. */
let built: Remembered | undefined;
/** Databases whose list this process may answer from memory, and until when it is fresh. */
const remembered = new WeakMap<object, { maxAgeMs: number; freshUntil: number }>();

/**
 * The admins' blocklist as a matcher. Read on every check (a small table), so an edit in any
 * process takes effect at the next prompt everywhere; or, for a database `rememberBlocklist` was
 * told of, answered from memory until a change to the list is announced (the `blocklist_changes`
 * trigger) or, should an announcement be missed, `maxAgeMs` has passed.
 */
export async function loadBlocklist(db: DbOrTx): Promise<(text: string) => BlockedTerm[]> {
  const memory = remembered.get(db);
  const now = Date.now();
  if (memory && built && now < memory.freshUntil) return built.match;
  const terms = await listBlocklistTerms(db);
  const signature = terms.map((row) => `${row.id}:${row.updatedAt.getTime()}`).join(',');
  if (built?.signature !== signature) built = { signature, match: blocklistMatcher(terms) };
  if (memory) memory.freshUntil = now + memory.maxAgeMs;
  return built.match;
}

/** Lets `loadBlocklist(db)` answer from memory; `forgetBlocklist(db)` when the list changes. */
export function rememberBlocklist(db: DbOrTx, maxAgeMs: number): void {
  remembered.set(db, { maxAgeMs, freshUntil: 0 });
}

export function forgetBlocklist(db: DbOrTx): void {
  const memory = remembered.get(db);
  if (memory) memory.freshUntil = 0;
}
