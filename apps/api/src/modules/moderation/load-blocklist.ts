import { type DbOrTx, listBlocklistTerms } from '@app/db';
import { type BlockedTerm, blocklistMatcher } from './prompt-matcher.ts';

let cached: { signature: string; match: (text: string) => BlockedTerm[] } | undefined;

/**
 * The admins' blocklist as a matcher. It is read on every check (a small table), so an edit in
 * any process takes effect at the next prompt everywhere; the matcher is rebuilt only when the
 * list changed.
 */
export async function loadBlocklist(db: DbOrTx): Promise<(text: string) => BlockedTerm[]> {
  const terms = await listBlocklistTerms(db);
  const signature = terms.map((row) => `${row.id}:${row.updatedAt.getTime()}`).join(',');
  if (cached?.signature !== signature) {
    cached = { signature, match: blocklistMatcher(terms) };
  }
  return cached.match;
}
