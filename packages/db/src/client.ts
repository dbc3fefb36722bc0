import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema>;
/** Repositories take either a database or a transaction handle. */
export type DbOrTx = Db | Tx;

/** The rows of a raw `execute`, whichever driver answered (PGlite or node-postgres). */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);
}

/** Each database's `prepared`, by its drizzle handle, for `runStatement`. */
const preparedOn = new WeakMap<object, Database['prepared']>();

/**
 * Runs a hot statement of fixed text (`$1`, `$2`… for its values) wherever the caller is: on the
 * database itself it is prepared, parsed and planned once per connection (`Database.prepared`);
 * inside a transaction its values are bound as parameters of the transaction's own connection.
 */
export async function runStatement<T>(
  db: DbOrTx,
  name: string,
  text: string,
  values: unknown[],
): Promise<T[]> {
  const prepared = preparedOn.get(db);
  return prepared ? prepared<T>(name, text, values) : rowsOf<T>(await db.execute(bound(text, values)));
}

function bound(text: string, values: unknown[]): SQL {
  const chunks: SQL[] = [];
  let from = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    chunks.push(sql.raw(text.slice(from, match.index)));
    chunks.push(sql`${values[Number(match[1]) - 1]}`);
    from = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(from)));
  return sql.join(chunks);
}

/** How long opening one connection to PostgreSQL may take before it counts as failed. */
export const CONNECT_TIMEOUT_MS = 5_000;

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url));

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies every committed migration not yet applied. */
  migrate(): Promise<void>;
  /** The embedded client, when the database is PGlite (for snapshots). */
  pglite?: PGlite;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  /** The node-postgres connection string, when the database is PostgreSQL (the queue opens its own pool). */
  url?: string;
  /**
   * Subscribes to a NOTIFY channel. PostgreSQL holds one dedicated connection per subscription;
   * PGlite delivers in-process. Returns the unsubscribe function.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** The pool's connections and the connection-level errors seen so far (PostgreSQL only), for metrics. */
  poolStats?(): PoolStats;
  /**
   * Runs one hot statement by name: PostgreSQL parses and plans it once per connection (a prepared
   * statement) and reuses the plan after; `text` must be the same for every call under one name.
   */
  prepared<T>(name: string, text: string, values: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export interface PoolStats {
  /** Open connections, idle ones and callers waiting for one. */
  total: number;
  idle: number;
  waiting: number;
  /** Errors of the connection or the server, not of a statement (a constraint, a syntax): lost connections, timeouts, shutdowns. */
  errors: number;
}

/** SQLSTATE classes of the server or the connection failing, as opposed to one statement being refused. */
const SERVER_ERROR_CLASSES = ['08', '40', '53', '57', '58', 'XX'];

function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return true;
  return SERVER_ERROR_CLASSES.includes(code.slice(0, 2));
}

/** Counts the pool's connection-level errors without changing what callers see. */
function countPoolErrors(pool: pg.Pool): { errors: number } {
  const stats = { errors: 0 };
  const count = (error: unknown) => {
    if (isConnectionError(error)) stats.errors += 1;
  };
  pool.on('error', () => {
    stats.errors += 1;
  });
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  const watch = (result: unknown) => {
    if (result instanceof Promise) result.catch(count);
    return result;
  };
  (pool as unknown as { query: unknown }).query = (...args: unknown[]) => watch(query(...args));
  (pool as unknown as { connect: unknown }).connect = (...args: unknown[]) => watch(connect(...args));
  return stats;
}

export interface DatabaseOptions {
  /** node-postgres connection string; when absent, PGlite is used. */
  databaseUrl?: string;
  /** Folder for PGlite's files; omitted means in memory. */
  dataDir?: string;
  /** A PGlite data dump to start from (tests reuse a migrated snapshot). */
  loadDataDir?: Blob | File;
  /** An open PGlite to use instead of starting one (tests take one from a pool). */
  pglite?: PGlite;
  poolSize?: number;
}

export function createDatabase(options: DatabaseOptions): Database {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // A server that does not answer fails the request after this long instead of holding it.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    // An idle client losing its connection (a server restart) must not crash the process; the
    // pool replaces it on the next query.
    pool.on('error', () => {});
    // The pool listens for errors only while a client is idle: one checked out (inside a
    // transaction, between two statements) whose connection dies would emit 'error' with no
    // listener and end the process. The statement under way fails on its own, and the pool drops
    // the client when it is released with that error.
    pool.on('connect', (client) => client.on('error', () => {}));
    const counted = countPoolErrors(pool);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const database = wrap(
      db,
      'postgres',
      () => migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_FOLDER }),
      () => pool.end(),
    );
    const prepared = async <T>(name: string, text: string, values: unknown[]) =>
      (await pool.query({ name, text, values })).rows as T[];
    preparedOn.set(db, prepared);
    return {
      ...database,
      url: options.databaseUrl,
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        errors: counted.errors,
      }),
      listen: (channel, onPayload) => listenPg(options.databaseUrl!, channel, onPayload),
      prepared,
    };
  }
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.resolve(options.dataDir);
    mkdirSync(dataDir, { recursive: true });
  }
  const client = options.pglite ?? new PGlite({ dataDir, loadDataDir: options.loadDataDir });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const database = wrap(
    db,
    'pglite',
    () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_FOLDER }),
    () => client.close(),
  );
  // One in-process session: PGlite keeps no plans between statements worth naming.
  const prepared = async <T>(_name: string, text: string, values: unknown[]) =>
    (await client.query<T>(text, values)).rows;
  preparedOn.set(db, prepared);
  return {
    ...database,
    pglite: client,
    prepared,
    async listen(channel, onPayload) {
      const unsubscribe = await client.listen(channel, onPayload);
      return async () => {
        await unsubscribe();
      };
    },
  };
}

/** A dedicated connection kept open, and how to end it. */
export interface KeptConnection {
  /** The open connection; undefined while it is lost and being opened again. */
  current(): pg.Client | undefined;
  close(): Promise<void>;
}

/**
 * One dedicated connection, opened again with backoff (0.25 s doubling to 5 s) whenever it is
 * lost. `setUp` runs on each new connection before it counts as open; `onLost` hears of each one
 * lost. A failure to open the first connection is the caller's.
 */
export async function keepConnection(
  url: string,
  applicationName: string,
  { setUp, onLost }: { setUp?: (client: pg.Client) => Promise<void>; onLost?: () => void } = {},
): Promise<KeptConnection> {
  let closed = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let failures = 0;
  const quiet = (target: pg.Client) => {
    target.removeAllListeners();
    // Errors may still come from a client being ended; nothing listens to them any more.
    target.on('error', () => {});
  };
  const drop = (target: pg.Client) => {
    if (closed || client !== target) return;
    client = undefined;
    quiet(target);
    target.end().catch(() => {});
    onLost?.();
    reconnect();
  };
  const reconnect = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      connect().catch(() => reconnect());
    }, backoffMs(failures++));
  };
  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({
      connectionString: url,
      application_name: applicationName,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    // Until it is set up, a failure is the caller's (the catch below): no reconnect from here.
    let ready = false;
    next.on('error', () => ready && drop(next));
    next.on('end', () => ready && drop(next));
    try {
      await next.connect();
      await setUp?.(next);
    } catch (error) {
      quiet(next);
      await next.end().catch(() => {});
      throw error;
    }
    // Closed while this connection was being opened: nobody will end it but us.
    if (closed) {
      quiet(next);
      await next.end().catch(() => {});
      return;
    }
    ready = true;
    failures = 0;
    client = next;
  };
  await connect();
  return {
    current: () => client,
    async close() {
      closed = true;
      clearTimeout(timer);
      const last = client;
      client = undefined;
      if (last) {
        quiet(last);
        await last.end().catch(() => {});
      }
    },
  };
}

/**
 * A dedicated client per subscription: LISTEN is per session, and pooled sessions change hands.
 * A lost connection is opened again and LISTEN renewed, so a database restart costs the
 * notifications sent meanwhile, never the subscription; every user of a channel also looks for
 * what it may have missed (a poll, a sweep).
 */
async function listenPg(url: string, channel: string, onPayload: (payload: string) => void) {
  const connection = await keepConnection(url, 'hypercreate-listen', {
    async setUp(client) {
      client.on('notification', (message) => {
        if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
      });
      await client.query(`listen "${channel.replaceAll('"', '')}"`);
    },
  });
  return () => connection.close();
}

/** Bounded exponential backoff with jitter: 0.25 s doubling up to 5 s. */
export function backoffMs(failures: number): number {
  const base = Math.min(5_000, 250 * 2 ** Math.min(failures, 5));
  return Math.round(base / 2 + Math.random() * (base / 2));
}

function wrap(
  db: Db,
  kind: Database['kind'],
  runMigrations: () => Promise<unknown>,
  close: () => Promise<unknown>,
): Omit<Database, 'listen' | 'prepared'> {
  return {
    db,
    kind,
    async migrate() {
      await runMigrations();
    },
    async ping() {
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await close();
    },
  };
}
