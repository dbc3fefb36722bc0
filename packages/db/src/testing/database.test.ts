import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES_LOCK, dropOrphanTestDatabases } from './database.ts';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('test databases left behind (needs TEST_DATABASE_URL)', () => {
  let admin: pg.Client;
  // A process that has ended, and this one, which is alive.
  const gone = spawnSync(process.execPath, ['-e', '']).pid;
  const orphan = `app_test_${gone}_0badf00d`;
  const owned = `app_test_${process.pid}_600dcafe`;

  // Held throughout, as test processes hold it when they drop orphans: another process starting
  // meanwhile cannot drop this test's orphan before the test looks.
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query('select pg_advisory_lock($1)', [TEST_DATABASES_LOCK]);
    for (const name of [orphan, owned]) await admin.query(`create database "${name}"`);
  });

  afterAll(async () => {
    for (const name of [orphan, owned]) await admin.query(`drop database if exists "${name}"`);
    await admin.query('select pg_advisory_unlock($1)', [TEST_DATABASES_LOCK]);
    await admin.end();
  });

  const exists = async (name: string) =>
    (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;

  it("drops those of processes that have ended, and keeps a living process's", async () => {
    const dropped = await dropOrphanTestDatabases(admin, url!);
    expect(dropped).toContain(orphan);
    expect(dropped).not.toContain(owned);
    expect(await exists(orphan)).toBe(false);
    expect(await exists(owned)).toBe(true);
  });

  it('drops nothing on a server elsewhere, whose processes this machine cannot see', async () => {
    await admin.query(`create database "${orphan}"`);
    const elsewhere = new URL(url!);
    elsewhere.hostname = 'db.example.com';
    expect(await dropOrphanTestDatabases(admin, elsewhere.toString())).toEqual([]);
    expect(await exists(orphan)).toBe(true);
  });
});
