import { createUser, findUserById } from '@app/db';
import { allUsers } from '@app/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers.ts';

/**
 * Concurrent requests that once lost updates or made duplicates. They mean most on real PostgreSQL
 * (TEST_DATABASE_URL), where the requests run on many connections at once; on PGlite they
 * interleave on one connection, so they run there only where that still shows the race.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({}, { payments: true });
});
afterAll(() => t.close());

describe(`races (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  it.runIf(onPostgres)('five concurrent "set credits to 3000" from 5000 leave 3000', async () => {
    const cookie = await t.sessionCookie((await t.signIn('admin')).userId);
    const user = await createUser(t.database.db, { discordName: `set-race-${Date.now()}`, credits: 5000 });
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({
          method: 'PATCH',
          url: `/api/users/${user.id}`,
          headers: { cookie },
          payload: { credits: 3000 },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await findUserById(t.database.db, user.id))!.credits).toBe(3000);
  });

  it.runIf(onPostgres)('ten concurrent local sign-ins of one new name make one user', async () => {
    const name = `newcomer-${Date.now()}`;
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({ method: 'POST', url: '/api/auth/local', payload: { discordName: name } }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(responses.map((response) => response.json().user_id)).size).toBe(1);
    expect((await allUsers(t.database.db)).filter((user) => user.discordName === name)).toHaveLength(1);
  });

  it('sixty concurrent wrong gift codes from one address: ten are looked at, the rest get 429', async () => {
    const racers = await Promise.all(
      Array.from({ length: 60 }, async (_, i) => {
        const user = await createUser(t.database.db, { discordName: `guesser-${i}-${Date.now()}` });
        return t.sessionCookie(user.id);
      }),
    );
    const responses = await Promise.all(
      racers.map((cookie, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/payment/redeem-gift-code',
          headers: { cookie },
          payload: { giftCode: `WRONG-${i}` },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50);
    expect(statuses.filter((status) => status !== 429).every((status) => status < 500)).toBe(true);
  });
});
