import { allUsers, createTestDatabase, ledgerEntriesByReason, type TestDatabase } from '@app/db/testing';
import { SEEDED_USER_IDS as discordIds } from '@app/discord-emulator';
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
    await Promise.all(Array.from({ length: 6 }, () => seedUsers({ db: database.db, discordIds })));
    await seedUsers({ db: database.db, discordIds });

    const users = await allUsers(database.db);
    for (const seed of SEED_USERS) {
      const named = users.filter((row) => row.discordName === seed.discordName);
      expect(named).toHaveLength(1);
      expect(named[0]!.credits).toBe(seed.credits);
      expect(named[0]!.hypercredits).toBe(seed.hypercredits);
      expect(named[0]!.discordId).toBe(discordIds[seed.discordName as keyof typeof discordIds]);
    }
    const grants = SEED_USERS.flatMap((seed) => [seed.credits, seed.hypercredits]).filter((n) => n > 0);
    expect(await ledgerEntriesByReason(database.db, 'seed')).toHaveLength(grants.length);
  });

  it("starts paid members with their plan's hypercredits", () => {
    const byName = Object.fromEntries(SEED_USERS.map((seed) => [seed.discordName, seed]));
    expect(byName.member).toMatchObject({ credits: 2500, hypercredits: 50 });
    expect(byName.admin!.hypercredits).toBe(150);
  });
});
