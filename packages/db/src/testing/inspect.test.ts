import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client.ts';
import { createSession, createUser, deleteSessionsOfUser, updateUser } from '../index.ts';
import { createTestDatabase } from './database.ts';
import { recordsMentioning, storedRowsDigest } from './inspect.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

describe('what the fuzzer and the walker compare', () => {
  it('the digest of stored rows changes with an insert, an update and a delete, and only then', async () => {
    const first = await storedRowsDigest(database.db);
    expect(await storedRowsDigest(database.db)).toBe(first);

    const user = await createUser(database.db, { discordName: 'digest-probe' });
    const inserted = await storedRowsDigest(database.db);
    expect(inserted).not.toBe(first);

    await updateUser(database.db, user.id, { discordName: 'digest-probe-renamed' });
    const updated = await storedRowsDigest(database.db);
    expect(updated).not.toBe(inserted);

    await database.db.execute(sql`delete from users where id = ${user.id}`);
    expect(await storedRowsDigest(database.db)).toBe(first);
  });

  it('an excluded table does not count', async () => {
    const user = await createUser(database.db, { discordName: 'digest-excluded' });
    const before = await storedRowsDigest(database.db, { exclude: ['sessions'] });
    await createSession(database.db, {
      idHash: 'digest-probe',
      userId: user.id,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    expect(await storedRowsDigest(database.db, { exclude: ['sessions'] })).toBe(before);
    expect(await storedRowsDigest(database.db)).not.toBe(before);
    await deleteSessionsOfUser(database.db, user.id);
  });

  it("a user's records are the rows that mention them, found by the database", async () => {
    const user = await createUser(database.db, { discordName: 'records-probe', email: 'probe@example.com' });
    const records = await recordsMentioning(database.db, [user.id]);
    expect(records.some((record) => record.startsWith('users ') && record.includes('records-probe'))).toBe(
      true,
    );
    expect(await recordsMentioning(database.db, ['no-row-mentions-this'])).toEqual([]);
    expect(await recordsMentioning(database.db, [])).toEqual([]);
  });

  it('takes needles of any characters, and plans each scan once per session', async () => {
    // Quotes, commas and braces are what the statement's text-array argument has to carry whole.
    const name = `o'brien, {the} probe ${Date.now()}`;
    await createUser(database.db, { discordName: name });
    const found = await recordsMentioning(database.db, ['not-this-one', name]);
    expect(found.filter((record) => record.startsWith('users '))).toHaveLength(1);
    expect(await recordsMentioning(database.db, [`${name}'`, `x"${name}`, `${name}\\`])).toEqual([]);
    const digest = await storedRowsDigest(database.db, { exclude: ['sessions'] });
    expect(await storedRowsDigest(database.db, { exclude: ['sessions'] })).toBe(digest);
    // PGlite has one session, so what it has prepared can be read back (PostgreSQL's pool spreads
    // the statements over its connections, each preparing them on first use).
    if (database.pglite) {
      const { rows } = await database.pglite.query<{ name: string }>(
        `select name from pg_prepared_statements order by name`,
      );
      expect(rows.map((row) => row.name)).toEqual(
        expect.arrayContaining(['records_mentioning_', 'stored_rows_digest_sessions']),
      );
    }
  });
});
