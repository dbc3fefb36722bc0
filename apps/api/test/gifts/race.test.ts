import { randomBytes } from 'node:crypto';
import { createSession, createUser, findGiftCode } from '@app/db';
import { subscriptionsOfUsers, usersByIds } from '@app/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, hashSessionId } from '../../src/plugins/session.ts';
import { createPaymentTestApp, type PaymentTestContext } from '../payment/helpers.ts';
import { call } from '../subscriptions/helpers.ts';
import { redeem } from './helpers.ts';

/**
 * The double-redeem race. It means most on real PostgreSQL (TEST_DATABASE_URL), where the 100
 * requests run on many connections at once; on PGlite they interleave on one connection.
 */
let t: PaymentTestContext;
beforeAll(async () => {
  t = await createPaymentTestApp();
});
afterAll(() => t.close());

async function freshUsers(count: number) {
  const db = t.database.db;
  const rows = await Promise.all(
    Array.from({ length: count }, (_, i) => createUser(db, { discordName: `racer-${i}` })),
  );
  return Promise.all(
    rows.map(async (user) => {
      const id = randomBytes(32).toString('base64url');
      await createSession(db, {
        idHash: hashSessionId(id),
        userId: user.id,
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      return { userId: user.id, cookie: `${SESSION_COOKIE}=${id}` };
    }),
  );
}

describe(`100 parallel redemptions of one code (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('exactly one succeeds, and that user alone gains the plan', async () => {
    const admin = await t.signIn('admin');
    const code = (await call(t, admin.cookie, 'POST', '/api/payment/testpost', {})).json().giftcode;
    const racers = await freshUsers(100);

    const responses = await Promise.all(
      racers.map((racer) => redeem(t, racer.cookie, { giftCode: code.code })),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(99);
    const winner = racers[statuses.indexOf(200)]!;

    const db = t.database.db;
    const row = await findGiftCode(db, code.code);
    expect(row!.redeemedBy).toBe(winner.userId);
    const ids = racers.map((racer) => racer.userId);
    const planned = await usersByIds(db, ids);
    const onPlan = planned.filter((user) => user.subscriptionStatus !== 'free');
    expect(onPlan.map((user) => user.id)).toEqual([winner.userId]);
    expect(onPlan[0]!.subscriptionStatus).toBe(code.tier);
    expect(planned.filter((user) => user.credits > 0).map((user) => user.id)).toEqual([winner.userId]);
    const subs = await subscriptionsOfUsers(db, ids);
    expect(subs.map((sub) => sub.userId)).toEqual([winner.userId]);
  });
});
