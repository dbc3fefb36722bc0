import { allUsers, createTestDatabase, ledgerEntriesByReason, type TestDatabase } from '@app/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_USERS, seedUsers } from '../../src/modules/users/seed-users.ts';

/** Several API processes starting together on one database each seed the local users. */
describe('seeding the local users', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  it('creates each user and its credits once when several starts seed at the same moment', async () => {
    await Promise.all(Array.from({ length: 6 }, () => seedUsers({ db: database.db })));
    await seedUsers({ db: database.db });

    const users = await allUsers(database.db);
    for (const seed of SEED_USERS) {
      const named = users.filter((row) => row.discordName === seed.discordName);
      expect(named).toHaveLength(1);
      expect(named[0]!.credits).toBe(seed.credits);
    }
    expect(await ledgerEntriesByReason(database.db, 'seed')).toHaveLength(SEED_USERS.length);
  });
});
