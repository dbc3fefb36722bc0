import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { MIGRATIONS_FOLDER, createDatabase, type Database } from '../client.ts';
import { leasePglite } from './pglite-pool.ts';

/**
 * A clean, migrated database for one test file. On PGlite (the default) it starts from a migrated
 * snapshot kept on disk per migration set, so no test pays for initdb and migrations, and a closed
 * one is put back to that snapshot and handed to the next file of the process (pglite-pool.ts). When
 * TEST_DATABASE_URL is set, it creates a fresh PostgreSQL database from a migrated template.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  return url ? createPostgresTestDatabase(url) : createPgliteTestDatabase();
}

function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_FOLDER, { recursive: true }).map(String).sort()) {
    const full = path.join(MIGRATIONS_FOLDER, file);
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

async function createPgliteTestDatabase(): Promise<Database> {
  const dir = path.join(os.tmpdir(), 'app-test-snapshots');
  const snapshot = path.join(dir, `pglite-${migrationsHash()}.tar.gz`);
  if (!existsSync(snapshot)) {
    const fresh = createDatabase({});
    await fresh.migrate();
    const dump = await fresh.pglite?.dumpDataDir('gzip');
    await fresh.close();
    if (!dump) throw new Error('PGlite snapshot unavailable');
    mkdirSync(dir, { recursive: true });
    const temporary = `${snapshot}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(temporary, Buffer.from(await dump.arrayBuffer()));
    renameSync(temporary, snapshot);
  }
  const lease = await leasePglite(async () => {
    const started = createDatabase({ loadDataDir: new Blob([readFileSync(snapshot)]) });
    await started.pglite!.waitReady;
    return started.pglite!;
  });
  const database = createDatabase({ pglite: lease.client });
  return { ...database, close: () => lease.release() };
}

/** A test database; `url` is its connection string on PostgreSQL (for a server started as a child). */
export type TestDatabase = Database & { url?: string };

/**
 * The advisory lock under which a process builds the template and drops orphaned test databases;
 * whoever holds it knows no other test process is doing either meanwhile.
 */
export const TEST_DATABASES_LOCK = 724011;

async function createPostgresTestDatabase(url: string): Promise<TestDatabase> {
  const template = `app_template_${migrationsHash()}`;
  const name = `app_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    // One process builds the template; the others wait on the same advisory lock.
    await admin.query('select pg_advisory_lock($1)', [TEST_DATABASES_LOCK]);
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [template]);
    if (!rowCount) {
      // Built under another name and renamed when complete, so a run killed half-way never leaves
      // an unmigrated template behind under the name later runs trust.
      const building = `${template}_building`;
      await admin.query(`drop database if exists "${building}" with (force)`);
      await admin.query(`create database "${building}"`);
      const built = createDatabase({ databaseUrl: withDatabase(url, building), poolSize: 1 });
      await built.migrate();
      await built.close();
      await admin.query(`alter database "${building}" rename to "${template}"`);
    }
    if (!orphansDropped) {
      orphansDropped = true;
      await dropOrphanTestDatabases(admin, url);
    }
    await admin.query('select pg_advisory_unlock($1)', [TEST_DATABASES_LOCK]);
    // Copies of a finished template can be made side by side.
    await admin.query(`create database "${name}" template "${template}"`);
  } finally {
    await admin.end();
  }
  const database = createDatabase({ databaseUrl: withDatabase(url, name), poolSize: 20 });
  return {
    ...database,
    url: withDatabase(url, name),
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}

let orphansDropped = false;

/**
 * Drops, once per process, the test databases whose process is gone: one that ended without closing
 * its last file's database (a killed run, a worker ended by the runner) would leave it behind for
 * good. A database is named after its process, so only a process that no longer exists on this
 * machine loses its own; on a server elsewhere, whose processes this machine cannot see, nothing is
 * dropped. The caller holds TEST_DATABASES_LOCK.
 */
export async function dropOrphanTestDatabases(admin: pg.Client, url: string): Promise<string[]> {
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname)) return [];
  const dropped: string[] = [];
  const { rows } = await admin.query<{ datname: string }>(
    "select datname from pg_database where datname ~ '^app_test_[0-9]+_[0-9a-f]+$'",
  );
  for (const { datname } of rows) {
    const pid = Number(datname.split('_')[2]);
    if (processExists(pid)) continue;
    await admin.query(`drop database if exists "${datname}" with (force)`);
    dropped.push(datname);
  }
  return dropped;
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
