import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../client.ts';
import { createTestDatabase } from './database.ts';
import { idlePglites, pgliteStarts } from './pglite-pool.ts';

type Row = Record<string, unknown>;

/** What a file can see of the database: its schemas, each app table's rows, the next serial id. */
async function stateOf(database: Awaited<ReturnType<typeof createTestDatabase>>) {
  const q = async (text: string) => rowsOf<Row>(await database.db.execute(sql.raw(text)));
  const schemas = (await q(`select nspname from pg_namespace order by nspname`)).map((r) => r.nspname);
  const tables = (await q(`select tablename from pg_tables where schemaname = 'public' order by 1`)).map(
    (r) => String(r.tablename),
  );
  const rows: Record<string, number> = {};
  for (const table of tables) rows[table] = Number((await q(`select count(*) from "${table}"`))[0]!.count);
  const migrations = Number((await q(`select count(*) from drizzle.__drizzle_migrations`))[0]!.count);
  return { schemas, tables, rows, migrations };
}

describe.skipIf(process.env.TEST_DATABASE_URL)('PGlite test databases, kept between files', () => {
  it('hands the next file the snapshot again, not the last file’s data, schemas or session', async () => {
    const first = await createTestDatabase();
    const fresh = await stateOf(first);
    expect(fresh.migrations).toBeGreaterThan(0);
    expect(Object.values(fresh.rows).every((count) => count === 0)).toBe(true);
    await first.db.execute(sql`insert into users (discord_name) values ('left behind')`);
    await first.db.execute(
      sql`insert into changelog_entries (title, change_date, change_text) values ('t', '2026-01-01', 'x')`,
    );
    await first.db.execute(sql`create schema leftover`);
    await first.db.execute(sql`create table leftover.things (id int)`);
    await first.db.execute(sql`select pg_advisory_lock(42)`);
    await first.db.execute(sql`set statement_timeout = 1234`);
    let heard = 0;
    await first.listen('left_channel', () => void (heard += 1));
    const starts = pgliteStarts();
    await first.close();

    const second = await createTestDatabase();
    expect(pgliteStarts()).toBe(starts); // the same PGlite, put back
    expect(await stateOf(second)).toEqual(fresh);
    const [entry] = rowsOf<Row>(
      await second.db.execute(
        sql`insert into changelog_entries (title, change_date, change_text) values ('t', '2026-01-01', 'x') returning id`,
      ),
    );
    expect(entry!.id).toBe(1);
    const [lock] = rowsOf<Row>(await second.db.execute(sql`select pg_try_advisory_lock(42) as taken`));
    expect(lock!.taken).toBe(true);
    const [timeout] = rowsOf<Row>(await second.db.execute(sql`show statement_timeout`));
    expect(timeout!.statement_timeout).toBe('0');
    await second.db.execute(sql`notify left_channel`);
    await second.db.execute(sql`select 1`);
    expect(heard).toBe(0);
    await second.close();
  });

  it('refuses every use of a closed database', async () => {
    const database = await createTestDatabase();
    await database.close();
    await expect(database.db.execute(sql`select 1`)).rejects.toThrow();
  });

  it('starts a fresh PGlite after a file that changed the app’s schema', async () => {
    const changed = await createTestDatabase();
    const fresh = await stateOf(changed);
    await changed.db.execute(sql`alter table users add column extra text`);
    await changed.db.execute(sql`create table stray (id int)`);
    const idleBefore = idlePglites();
    await changed.close();
    // Not put back: the next file gets another PGlite (one waiting in the pool, else a new one).
    expect(idlePglites()).toBe(idleBefore);
    const starts = pgliteStarts();
    const next = await createTestDatabase();
    expect(pgliteStarts()).toBe(idleBefore === 0 ? starts + 1 : starts);
    expect(await stateOf(next)).toEqual(fresh);
    const columns = rowsOf<Row>(
      await next.db.execute(
        sql`select column_name from information_schema.columns where table_name = 'users' and column_name = 'extra'`,
      ),
    );
    expect(columns).toEqual([]);
    await next.close();
  });
});
