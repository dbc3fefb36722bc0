import type { SessionUser } from '@app/db';

/** Sessions remembered at once; past it the oldest go first. */
const MAX_SESSIONS = 20_000;

/** Changes kept to judge lookups still under way; a lookup older than all of them is not kept. */
const RECENT_CHANGES = 1024;

/** What a change touched: one user, one session, or everyone. */
type Change = { user: string } | { session: string } | 'all';

/** A session by its cookie (what the browser sends) and its hash (what PostgreSQL keeps). */
export interface SessionKey {
  cookie: string;
  idHash: string;
}

/** A session remembered: its key and what its lookup found. */
interface Entry extends SessionKey {
  found: SessionUser;
  until: number;
}

/**
 * The sessions a process found lately, each for `ttlMs`: a burst of signed-in reads need not ask
 * PostgreSQL every time. A session is found again by its cookie, so a request answered from memory
 * does not hash it either; the cookie stays in memory no longer than the session is remembered.
 * Whatever changes a user or ends one of their sessions drops what is remembered of them
 * (`forgetUser`, `forgetSession`, `forgetAll`), or, for a change of their balances alone, sets
 * them in what is remembered (`setBalances`). A lookup that was under
 * way while its user or its session changed is not remembered, since it may have read the state
 * before; lookups of other people are (a busy server always has some under way).
 */
export function createSessionCache(ttlMs: number) {
  const entries = new Map<string, Entry>();
  const byCookie = new Map<string, Entry>();
  const hashesOfUser = new Map<string, Set<string>>();
  /** The latest changes, oldest first, numbered from `firstChange`. */
  const changes: Change[] = [];
  let firstChange = 0;

  function drop(idHash: string) {
    const entry = entries.get(idHash);
    if (!entry) return;
    entries.delete(idHash);
    byCookie.delete(entry.cookie);
    const hashes = hashesOfUser.get(entry.found.user.id);
    hashes?.delete(idHash);
    if (hashes?.size === 0) hashesOfUser.delete(entry.found.user.id);
  }

  function note(change: Change) {
    changes.push(change);
    if (changes.length > RECENT_CHANGES) {
      changes.shift();
      firstChange++;
    }
  }

  /** Whether anything since `startedAt` touched this session or its user. */
  function changedSince(startedAt: number, idHash: string, userId: string): boolean {
    if (startedAt < firstChange) return true;
    for (let at = startedAt - firstChange; at < changes.length; at++) {
      const change = changes[at]!;
      if (change === 'all') return true;
      if ('user' in change ? change.user === userId : change.session === idHash) return true;
    }
    return false;
  }

  return {
    enabled: ttlMs > 0,
    /** Marks the start of a lookup; pass it to `remember` with what the lookup found. */
    generation: () => firstChange + changes.length,
    /** The live session remembered for this cookie, if any: its hash and what was found. */
    find(cookie: string, now: number): Readonly<Entry> | undefined {
      const entry = byCookie.get(cookie);
      if (!entry) return undefined;
      if (entry.until <= now || entry.found.expiresAt.getTime() <= now) {
        drop(entry.idHash);
        return undefined;
      }
      return entry;
    },
    remember({ cookie, idHash }: SessionKey, found: SessionUser, startedAt: number, now: number) {
      if (ttlMs <= 0 || changedSince(startedAt, idHash, found.user.id)) return;
      drop(idHash);
      if (entries.size >= MAX_SESSIONS) drop(entries.keys().next().value!);
      const entry = { cookie, idHash, found, until: now + ttlMs };
      entries.set(idHash, entry);
      byCookie.set(cookie, entry);
      const hashes = hashesOfUser.get(found.user.id) ?? new Set<string>();
      hashes.add(idHash);
      hashesOfUser.set(found.user.id, hashes);
    },
    forgetSession(idHash: string) {
      note({ session: idHash });
      drop(idHash);
    },
    forgetUser(userId: string) {
      note({ user: userId });
      for (const idHash of hashesOfUser.get(userId) ?? []) drop(idHash);
    },
    /** The user's balances changed (and nothing else of them): what is remembered takes them. */
    setBalances(userId: string, balances: Pick<SessionUser['user'], 'credits' | 'hypercredits'>) {
      note({ user: userId });
      for (const idHash of hashesOfUser.get(userId) ?? []) {
        const entry = entries.get(idHash);
        if (entry)
          entry.found = { ...entry.found, user: Object.freeze({ ...entry.found.user, ...balances }) };
      }
    },
    forgetAll() {
      note('all');
      entries.clear();
      byCookie.clear();
      hashesOfUser.clear();
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
