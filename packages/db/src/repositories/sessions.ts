import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { sessions } from '../schema/sessions.ts';
import { users } from '../schema/users.ts';
import type { UserRow } from './users.ts';

/**
 * The channel on which a change to a user's row or the end of one of their sessions is announced
 * (their id), by triggers on both tables: whatever wrote it, every process hears of it.
 */
export const USER_CHANGES_CHANNEL = 'user_changes';

export interface SessionUser {
  user: UserRow;
  expiresAt: Date;
}

function prepareLookup(db: DbOrTx) {
  return db
    .select({ idHash: sessions.idHash, user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.idHash, sql`any(${sql.placeholder('idHashes')}::text[])`),
        gt(sessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
      ),
    )
    .prepare('session_users');
}

/** Sessions looked up in one statement at most; the rest wait for the next. */
const MAX_BATCH = 256;
/** Statements in flight at once: while one is at the server, the next batch need not wait for it. */
const MAX_IN_FLIGHT = 3;

type Waiting = { idHash: string; resolve: (row?: SessionUser) => void; reject: (e: unknown) => void };

/**
 * Finds the users of live sessions for every signed-in request. Lookups that arrive together go
 * out as one statement, so under load one round trip serves many requests; a few statements may
 * be in flight at once, so a batch never waits behind another's round trip while a connection is
 * free. Each lookup starts after its request arrived (it never sees older data than a lookup of
 * its own would). The statement is prepared once and planned once by PostgreSQL.
 */
export function createSessionReader(db: DbOrTx) {
  const lookup = prepareLookup(db);
  let waiting: Waiting[] = [];
  let inFlight = 0;
  let scheduled = false;

  async function send(batch: Waiting[]) {
    try {
      const idHashes = [...new Set(batch.map((entry) => entry.idHash))];
      const rows = await lookup.execute({ idHashes, now: new Date().toISOString() });
      const found = new Map(rows.map(({ idHash, ...row }) => [idHash, row]));
      for (const entry of batch) entry.resolve(found.get(entry.idHash));
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    }
  }

  function flush() {
    scheduled = false;
    while (waiting.length > 0 && inFlight < MAX_IN_FLIGHT) {
      const batch = waiting.length > MAX_BATCH ? waiting.splice(0, MAX_BATCH) : waiting;
      if (batch === waiting) waiting = [];
      inFlight++;
      void send(batch).finally(() => {
        inFlight--;
        schedule();
      });
    }
  }

  function schedule() {
    if (scheduled || waiting.length === 0 || inFlight >= MAX_IN_FLIGHT) return;
    scheduled = true;
    // Started once the requests that arrived together have all been read: starting at the first
    // would send it alone and make the rest wait a whole round trip behind it.
    setImmediate(flush);
  }

  return {
    /** The user of a live session and when it expires; undefined when none is live. */
    find(idHash: string): Promise<SessionUser | undefined> {
      return new Promise((resolve, reject) => {
        waiting.push({ idHash, resolve, reject });
        schedule();
      });
    },
  };
}

export type SessionReader = ReturnType<typeof createSessionReader>;

export async function createSession(
  db: DbOrTx,
  values: { idHash: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(values);
}

export async function extendSession(db: DbOrTx, idHash: string, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.idHash, idHash));
}

export async function deleteSession(db: DbOrTx, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

/** Signs a user out everywhere. */
export async function deleteSessionsOfUser(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
