import { desc, eq, getTableName, inArray, is, like, sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { PgTable } from 'drizzle-orm/pg-core';
import { type Db, type DbOrTx, rowsOf, runStatement } from '../client.ts';
import * as schema from '../schema/index.ts';

/*
 * Read-only views of stored rows for tests, which assert on what the database holds without
 * reaching for table objects. Nothing here is for the apps themselves.
 */

export type LedgerRow = typeof schema.creditLedger.$inferSelect;
export type AuditRow = typeof schema.auditLog.$inferSelect;
export type SessionRow = typeof schema.sessions.$inferSelect;
export type RateLimitRow = typeof schema.rateLimits.$inferSelect;

export async function allUsers(db: DbOrTx) {
  return db.select().from(schema.users);
}

export async function usersByIds(db: DbOrTx, ids: string[]) {
  return db.select().from(schema.users).where(inArray(schema.users.id, ids));
}

export async function findUserByName(db: DbOrTx, discordName: string) {
  const [row] = await db.select().from(schema.users).where(eq(schema.users.discordName, discordName));
  return row;
}

export async function ledgerEntriesOf(db: DbOrTx, userId: string): Promise<LedgerRow[]> {
  return db.select().from(schema.creditLedger).where(eq(schema.creditLedger.userId, userId));
}

export async function ledgerEntriesByKey(db: DbOrTx, idempotencyKey: string): Promise<LedgerRow[]> {
  return db.select().from(schema.creditLedger).where(eq(schema.creditLedger.idempotencyKey, idempotencyKey));
}

/** Ledger rows whose idempotency key matches a SQL LIKE pattern. */
export async function ledgerEntriesByKeyPattern(db: DbOrTx, pattern: string): Promise<LedgerRow[]> {
  return db.select().from(schema.creditLedger).where(like(schema.creditLedger.idempotencyKey, pattern));
}

/** Ledger rows whose reason matches a SQL LIKE pattern. */
export async function ledgerEntriesByReason(db: DbOrTx, pattern: string): Promise<LedgerRow[]> {
  return db.select().from(schema.creditLedger).where(like(schema.creditLedger.reason, pattern));
}

export async function latestAuditEntry(db: DbOrTx): Promise<AuditRow | undefined> {
  const [row] = await db.select().from(schema.auditLog).orderBy(desc(schema.auditLog.id)).limit(1);
  return row;
}

export async function sessionsOf(db: DbOrTx, userId: string): Promise<SessionRow[]> {
  return db.select().from(schema.sessions).where(eq(schema.sessions.userId, userId));
}

export async function rateLimitRows(db: DbOrTx): Promise<RateLimitRow[]> {
  return db.select().from(schema.rateLimits);
}

export async function subscriptionsOfUsers(db: DbOrTx, userIds: string[]) {
  return db.select().from(schema.subscriptions).where(inArray(schema.subscriptions.userId, userIds));
}

export async function giftCodesBySource(db: DbOrTx, sourceId: string) {
  return db.select().from(schema.giftCodes).where(eq(schema.giftCodes.sourceId, sourceId));
}

const counted = {
  webhook_events: schema.webhookEvents,
  credit_ledger: schema.creditLedger,
  jobs: schema.jobs,
  uploads: schema.uploads,
  loras: schema.loras,
  media: schema.media,
} as const;

export async function countRows(db: DbOrTx, table: keyof typeof counted): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(counted[table]);
  return row?.n ?? 0;
}

/**
 * Every row of every table but the excluded ones, as `name` (the table) and `row` (its JSON): the
 * SQL text, and a key naming it among the statements `scan` prepares.
 */
function everyRow(exclude: string[]) {
  const tables = (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => getTableName(table))
    .filter((name) => !exclude.includes(name))
    .sort();
  const union = tables
    .map((name) => `select '${name}' as name, row_to_json(r)::text as row from "${name}" r`)
    .join(' union all ');
  return { key: [...exclude].sort().join('_'), from: `(${union}) everything` };
}

/** Values as PostgreSQL's text form of a text array, `{"a","b"}` (one value, whatever the driver). */
const textArray = (values: string[]) =>
  `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/**
 * Runs a scan of every table, planned once: on PostgreSQL as a prepared statement of each
 * connection (`runStatement`); on PGlite, whose wire calls are planned anew each time, as an SQL
 * `PREPARE` of its one session, then `EXECUTE` with the argument written as a literal (`EXECUTE`
 * takes no bound values). Planning is most of a scan's time on both, with a test's few rows:
 * 4.5 ms against 0.15 ms prepared on PostgreSQL, 5.2 ms against 1.6 ms on PGlite. The PGlite way
 * stays here rather than in `Database.prepared`: it carries one text argument as a literal, while
 * the product's statements bind values of every type (their own planning time is unmeasured).
 */
async function scan<T>(db: DbOrTx, name: string, text: string, argument?: string): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof PGlite))
    return runStatement<T>(db, name, text, argument === undefined ? [] : [argument]);
  const execute = () =>
    client.query<T>(`execute ${name}${argument === undefined ? '' : `('${argument.replace(/'/g, "''")}')`}`);
  try {
    return (await execute()).rows;
  } catch (error) {
    // Not prepared in this session yet (or dropped with the session's state, as a reset does).
    if ((error as { code?: unknown }).code !== '26000') throw error;
    await client.query(`prepare ${name}${argument === undefined ? '' : '(text)'} as ${text}`);
    return (await execute()).rows;
  }
}

/**
 * Every row of every table (but the excluded ones) whose JSON form contains one of the needles,
 * as `<table> <row json>` in a stable order: a fingerprint of what a user's records look like.
 * Tables added later are covered without changing this.
 */
export async function recordsMentioning(
  db: DbOrTx,
  needles: string[],
  { exclude = [] }: { exclude?: string[] } = {},
): Promise<string[]> {
  if (needles.length === 0) return [];
  const { key, from } = everyRow(exclude);
  // The database does the search: only the rows that mention a needle travel back.
  const rows = await scan<{ name: string; row: string }>(
    db,
    `records_mentioning_${key}`,
    `select name, row from ${from}
      where exists (select from unnest($1::text[]) needle where strpos(row, needle) > 0)`,
    textArray(needles),
  );
  return rows.map(({ name, row }) => `${name} ${row}`).sort();
}

/**
 * A digest of every row of every table but the excluded ones: equal before and after a call
 * exactly when the call changed nothing stored (computed by the database, so only the digest
 * travels).
 */
export async function storedRowsDigest(db: DbOrTx, { exclude = [] }: { exclude?: string[] } = {}) {
  const { key, from } = everyRow(exclude);
  const [row] = await scan<{ digest: string }>(
    db,
    `stored_rows_digest_${key}`,
    `select md5(coalesce(string_agg(name || ' ' || row, E'\\n' order by name, row collate "C"), '')) as digest
      from ${from}`,
  );
  return row!.digest;
}

/** A webhook event's stored claim: its status and when it was claimed. */
export async function webhookEventRow(db: DbOrTx, id: string) {
  const [row] = await db.select().from(schema.webhookEvents).where(eq(schema.webhookEvents.id, id));
  return row;
}

/** Moves a webhook event's claim `seconds` into the past, as if its lease had been running that long. */
export async function ageWebhookClaim(db: DbOrTx, id: string, seconds: number): Promise<void> {
  await db
    .update(schema.webhookEvents)
    .set({ claimedAt: sql`${schema.webhookEvents.claimedAt} - make_interval(secs => ${seconds})` })
    .where(eq(schema.webhookEvents.id, id));
}

/**
 * Holds a lock on one row (a payment's, a job's) until `until` settles, so a process updating that
 * row waits there (the crash tests stop a server at that point). Resolves `held` once the lock is
 * taken.
 */
function holdRow(
  db: DbOrTx,
  table: typeof schema.payments | typeof schema.jobs | typeof schema.users,
  id: string,
  until: Promise<void>,
): { held: Promise<void>; done: Promise<void> } {
  let taken!: () => void;
  const held = new Promise<void>((resolve) => (taken = resolve));
  const done = db.transaction(async (tx) => {
    await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).for('update');
    taken();
    await until;
  });
  return { held, done };
}

export const holdPaymentRow = (db: DbOrTx, id: string, until: Promise<void>) =>
  holdRow(db, schema.payments, id, until);

export const holdJobRow = (db: DbOrTx, id: string, until: Promise<void>) =>
  holdRow(db, schema.jobs, id, until);

/** Holds a user's row: a grant to them (the ledger updates the balance there) waits. */
export const holdUserRow = (db: DbOrTx, id: string, until: Promise<void>) =>
  holdRow(db, schema.users, id, until);

/** Moves an auto top-up's claim back in time, as if its process had died `seconds` ago. */
export async function ageAutoTopUpClaim(db: DbOrTx, userId: string, seconds: number): Promise<void> {
  await db
    .update(schema.autoTopUps)
    .set({ updatedAt: sql`${schema.autoTopUps.updatedAt} - make_interval(secs => ${seconds})` })
    .where(eq(schema.autoTopUps.userId, userId));
}

/** Other connections to this database now waiting for a row another transaction holds. */
export async function connectionsWaitingForRows(db: DbOrTx): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()
          and wait_event_type = 'Lock' and wait_event in ('transactionid', 'tuple')`,
  );
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

/** Renames a user with the change announcement switched off for that one transaction. */
export async function renameUserUnannounced(db: Db, userId: string, discordName: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table users disable trigger users_announce_change`);
    await tx.execute(sql`update users set discord_name = ${discordName} where id = ${userId}`);
    await tx.execute(sql`alter table users enable trigger users_announce_change`);
  });
}

/** Adds a blocklist term with its change announcement off: only a process that reads the list anew sees it. */
export async function blockTermUnannounced(db: Db, term: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table blocklist_terms disable trigger blocklist_terms_announce_change`);
    await tx.execute(sql`insert into blocklist_terms (term, category) values (${term}, 'other')`);
    await tx.execute(sql`alter table blocklist_terms enable trigger blocklist_terms_announce_change`);
  });
}
