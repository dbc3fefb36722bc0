import type { SessionUser } from '@app/db';

/** Sessions remembered at once; past it the oldest go first. */
const MAX_SESSIONS = 20_000;

/**
 * The sessions a process found lately, by session hash, each for `ttlMs`: a burst of signed-in
 * reads need not ask PostgreSQL every time. Whatever changes a user or ends one of their sessions
 * drops what is remembered of them (`forgetUser`, `forgetSession`, `forgetAll`), or, for a change
 * of their balances alone, sets them in what is remembered (`setBalances`); a lookup that was
 * under way while anything was forgotten is not remembered, since it may have read the state before.
 */
export function createSessionCache(ttlMs: number) {
  const entries = new Map<string, { found: SessionUser; until: number }>();
  const hashesOfUser = new Map<string, Set<string>>();
  let generation = 0;

  function drop(idHash: string) {
    const entry = entries.get(idHash);
    if (!entry) return;
    entries.delete(idHash);
    const hashes = hashesOfUser.get(entry.found.user.id);
    hashes?.delete(idHash);
    if (hashes?.size === 0) hashesOfUser.delete(entry.found.user.id);
  }

  return {
    enabled: ttlMs > 0,
    /** Marks the start of a lookup; pass it to `remember` with what the lookup found. */
    generation: () => generation,
    /** The live session remembered under this hash, if any. */
    find(idHash: string, now: number): SessionUser | undefined {
      const entry = entries.get(idHash);
      if (!entry) return undefined;
      if (entry.until <= now || entry.found.expiresAt.getTime() <= now) {
        drop(idHash);
        return undefined;
      }
      return entry.found;
    },
    remember(idHash: string, found: SessionUser, startedAt: number, now: number) {
      if (ttlMs <= 0 || startedAt !== generation) return;
      drop(idHash);
      if (entries.size >= MAX_SESSIONS) drop(entries.keys().next().value!);
      entries.set(idHash, { found, until: now + ttlMs });
      const hashes = hashesOfUser.get(found.user.id) ?? new Set<string>();
      hashes.add(idHash);
      hashesOfUser.set(found.user.id, hashes);
    },
    forgetSession(idHash: string) {
      generation++;
      drop(idHash);
    },
    forgetUser(userId: string) {
      generation++;
      for (const idHash of hashesOfUser.get(userId) ?? []) drop(idHash);
    },
    /** The user's balances changed (and nothing else of them): what is remembered takes them. */
    setBalances(userId: string, balances: Pick<SessionUser['user'], 'credits' | 'hypercredits'>) {
      generation++;
      for (const idHash of hashesOfUser.get(userId) ?? []) {
        const entry = entries.get(idHash);
        if (entry) entry.found = { ...entry.found, user: { ...entry.found.user, ...balances } };
      }
    },
    forgetAll() {
      generation++;
      entries.clear();
      hashesOfUser.clear();
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
