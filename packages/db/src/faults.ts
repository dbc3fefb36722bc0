import { sql } from 'drizzle-orm';
import { backoffMs, type Database } from './client.ts';

/**
 * PostgreSQL error codes that say the connection, not the statement, failed: class 08
 * (connection exception), the server shutting down or starting (57P01–57P03), and too many
 * connections (53300).
 */
const CONNECTION_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
/** Node's socket errors on the way to the server. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres and its pool say these in words only. */
const CONNECTION_MESSAGES = [
  'connection terminated',
  'timeout exceeded when trying to connect',
  'not queryable',
  'terminating connection',
  'connection ended unexpectedly',
  'server closed the connection unexpectedly',
  'the database system is',
];

/**
 * True when `error` (or an error it wraps, as drizzle wraps the driver's) says the database could
 * not be reached or dropped the connection: the request may succeed in a moment, so callers answer
 * 503 with `Retry-After` rather than a failure of their own.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (CONNECTION_CODES.has(code) || code.startsWith('08') || SOCKET_CODES.has(code)) return true;
    }
    if (current instanceof AggregateError && current.errors.some((inner) => isDatabaseUnavailable(inner)))
      return true;
    const message = current.message.toLowerCase();
    if (CONNECTION_MESSAGES.some((text) => message.includes(text))) return true;
    current = current.cause;
  }
  return false;
}

/** Where a connection string points, without its credentials: `host:port/database`. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'the configured server';
  }
}

export class DatabaseUnreachableError extends Error {}

/**
 * Waits at start-up until the database answers, retrying with bounded backoff (0.25 s doubling
 * to 5 s) for at most `maxWaitMs`; then throws one line naming the server and the last failure.
 * A process started beside its database (a container stack, a reboot) need not win the race.
 */
export async function waitForDatabase(
  database: Database,
  options: { maxWaitMs: number; onRetry?: (message: string) => void },
): Promise<void> {
  const deadline = Date.now() + options.maxWaitMs;
  for (let failures = 0; ; failures++) {
    try {
      await database.db.execute(sql`select 1`);
      return;
    } catch (error) {
      const reason = reasonOf(error);
      const where = database.url ? describeDatabaseUrl(database.url) : 'the embedded database';
      if (!isDatabaseUnavailable(error))
        throw new DatabaseUnreachableError(`The database at ${where} refused us (${reason}).`);
      if (Date.now() >= deadline) {
        throw new DatabaseUnreachableError(
          `The database at ${where} did not answer within ${Math.round(options.maxWaitMs / 1000)} s (${reason}).`,
        );
      }
      options.onRetry?.(`waiting for the database at ${where} (${reason})`);
      await new Promise((resolve) =>
        setTimeout(resolve, Math.min(backoffMs(failures), Math.max(0, deadline - Date.now()))),
      );
    }
  }
}

/** The innermost cause of a database failure in a few words (`ECONNREFUSED: connect …`), without its SQL. */
export function reasonOf(error: unknown): string {
  let current: unknown = error;
  while (current instanceof Error && current.cause instanceof Error) current = current.cause;
  if (!(current instanceof Error)) return String(current);
  const code = (current as { code?: unknown }).code;
  if (current instanceof AggregateError && current.errors[0] instanceof Error)
    return reasonOf(current.errors[0]);
  return typeof code === 'string' && code ? `${code}: ${current.message}` : current.message;
}
