import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite instances of this process, kept between test files. Starting PGlite from the migrated
 * snapshot costs seconds; putting one back to exactly the snapshot's state costs milliseconds. A test
 * database closed by its file is reset and kept; the next file gets it. One that cannot be put back
 * exactly (a test changed the schema, or the reset failed) is closed instead, and the next file
 * starts a fresh one. Where files do not share a process (Vitest's per-file isolation), each simply
 * starts its own, as before.
 */
const idle: Pooled[] = [];
const MAX_IDLE = 2;
let started = 0;

/** How many PGlite instances this process has started for test databases (for the pool's own test). */
export const pgliteStarts = () => started;

/** How many PGlites wait in the pool for the next file. */
export const idlePglites = () => idle.length;

interface Pooled {
  client: PGlite;
  /**
   * The catalog as the snapshot has it (see `catalogOf`): a reset must give back the same. None when
   * the snapshot holds rows in the app's tables, which a reset would lose: never kept then.
   */
  catalog: string | undefined;
}

/** A pooled PGlite as a test database sees it: usable until `release`, then every use throws. */
export interface Lease {
  client: PGlite;
  release(): Promise<void>;
}

export async function leasePglite(start: () => Promise<PGlite>): Promise<Lease> {
  let pooled = idle.pop();
  if (!pooled) {
    const client = await start();
    started += 1;
    // Only a snapshot whose tables are all empty can be put back by emptying them.
    pooled = { client, catalog: (await appTablesAreEmpty(client)) ? await catalogOf(client) : undefined };
  }
  const { client } = pooled;
  const unsubscribes = new Set<() => Promise<void>>();
  // What the test holds is a revocable stand-in: a query arriving after the file closed its
  // database (a timer left running) fails as it would on a closed PGlite, and never reaches the
  // next file's data.
  const { proxy, revoke } = Proxy.revocable(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (property === 'listen') {
        return async (...args: Parameters<PGlite['listen']>) => {
          const unsubscribe = await target.listen(...args);
          unsubscribes.add(unsubscribe);
          return async () => {
            unsubscribes.delete(unsubscribe);
            await unsubscribe();
          };
        };
      }
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  let released = false;
  return {
    client: proxy,
    async release() {
      if (released) return;
      released = true;
      revoke();
      const kept = pooled;
      try {
        for (const unsubscribe of unsubscribes) await unsubscribe();
        await resetToSnapshot(client);
        if (kept.catalog && idle.length < MAX_IDLE && (await catalogOf(client)) === kept.catalog) {
          idle.push(kept);
          return;
        }
      } catch {
        // Not reusable: closed below.
      }
      await client.close().catch(() => {});
    },
  };
}

/**
 * Back to the migrated snapshot: the session's state dropped (settings, listens, advisory locks,
 * temporary tables), schemas made at run time (the queue's) dropped, every table of the app emptied
 * and its sequences started again. The migrations' own record (schema `drizzle`) is left as it is.
 */
async function resetToSnapshot(client: PGlite): Promise<void> {
  await client.exec('DISCARD ALL');
  await client.exec(`
    DO $$
    DECLARE
      name text;
      tables text;
    BEGIN
      FOR name IN
        SELECT nspname FROM pg_namespace
        WHERE nspname NOT IN ('public', 'drizzle', 'information_schema') AND nspname NOT LIKE 'pg\\_%'
      LOOP
        EXECUTE format('DROP SCHEMA %I CASCADE', name);
      END LOOP;
      SELECT string_agg(format('%I.%I', schemaname, tablename), ', ') INTO tables
      FROM pg_tables WHERE schemaname = 'public';
      IF tables IS NOT NULL THEN
        EXECUTE 'TRUNCATE ' || tables || ' RESTART IDENTITY CASCADE';
      END IF;
      FOR name IN SELECT format('%I.%I', sequence_schema, sequence_name) FROM information_schema.sequences
        WHERE sequence_schema = 'public'
      LOOP
        EXECUTE 'ALTER SEQUENCE ' || name || ' RESTART';
      END LOOP;
    END $$;
  `);
}

async function appTablesAreEmpty(client: PGlite): Promise<boolean> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname = 'public'`,
  );
  if (rows.length === 0) return true;
  const filled = rows.map(({ name }) => `(SELECT count(*) FROM (SELECT 1 FROM ${name} LIMIT 1) one)`);
  const result = await client.query<{ rows: number }>(`SELECT (${filled.join(' + ')})::int AS rows`);
  return result.rows[0]!.rows === 0;
}

/**
 * The catalog outside PostgreSQL's own: schemas, tables and other relations with their column
 * counts, functions with their bodies, triggers with their state, constraints, and the number of
 * migrations recorded. Equal before and after a reset means the file's changes were all data.
 */
async function catalogOf(client: PGlite): Promise<string> {
  const result = await client.query<{ catalog: string }>(`
    WITH ours AS (
      SELECT oid, nspname FROM pg_namespace
      WHERE nspname NOT IN ('information_schema') AND nspname NOT LIKE 'pg\\_%'
    )
    SELECT concat_ws(' | ',
      (SELECT string_agg(nspname, ',' ORDER BY nspname) FROM ours),
      (SELECT string_agg(o.nspname || '.' || c.relname || ':' || c.relkind::text || ':' ||
         (SELECT count(*) FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped),
         ',' ORDER BY o.nspname, c.relname)
       FROM pg_class c JOIN ours o ON o.oid = c.relnamespace),
      (SELECT string_agg(o.nspname || '.' || p.proname || ':' || md5(p.prosrc), ',' ORDER BY o.nspname, p.proname, md5(p.prosrc))
       FROM pg_proc p JOIN ours o ON o.oid = p.pronamespace),
      (SELECT string_agg(t.tgname || ':' || t.tgenabled::text, ',' ORDER BY t.tgname)
       FROM pg_trigger t WHERE NOT t.tgisinternal),
      (SELECT string_agg(k.conname, ',' ORDER BY k.conname)
       FROM pg_constraint k JOIN ours o ON o.oid = k.connamespace),
      (SELECT count(*)::text FROM drizzle.__drizzle_migrations)
    ) AS catalog
  `);
  return result.rows[0]!.catalog;
}
