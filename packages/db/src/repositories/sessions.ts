import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { sessions } from '../schema/sessions.ts';
import { users } from '../schema/users.ts';
import type { UserRow } from './users.ts';

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

/**
 * Finds the users of live sessions for every signed-in request. Lookups that arrive while one is
 * running go out together as the next statement, so under load one round trip serves many
 * requests, and each lookup still starts after its request arrived (it never sees older data than
 * a lookup of its own would). The statement is prepared once and planned once by PostgreSQL.
 */
export function createSessionReader(db: DbOrTx) {
  const lookup = prepareLookup(db);
  let waiting: { idHash: string; resolve: (row?: SessionUser) => void; reject: (e: unknown) => void }[] = [];
  let running = false;

  async function drain() {
    running = true;
    while (waiting.length > 0) {
      const batch = waiting.slice(0, MAX_BATCH);
      waiting = waiting.slice(MAX_BATCH);
      try {
        const idHashes = [...new Set(batch.map((entry) => entry.idHash))];
        const rows = await lookup.execute({ idHashes, now: new Date().toISOString() });
        const found = new Map(rows.map(({ idHash, ...row }) => [idHash, row]));
        for (const entry of batch) entry.resolve(found.get(entry.idHash));
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    running = false;
  }

  return {
    /** The user of a live session and when it expires; undefined when none is live. */
    find(idHash: string): Promise<SessionUser | undefined> {
      return new Promise((resolve, reject) => {
        waiting.push({ idHash, resolve, reject });
        if (!running) void drain();
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
