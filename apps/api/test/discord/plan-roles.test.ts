import { findUserById, upsertSubscription } from '@app/db';
import { SEEDED_ROLES } from '@app/discord-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshUserPlan } from '../../src/modules/subscriptions/sync-subscription.ts';
import { type Harness, createHarness } from './harness.ts';

const [PROFESSIONAL, FOUNDERS, IMAGE_ONLY] = SEEDED_ROLES.map((role) => role.id) as [string, string, string];

let h: Harness;
beforeAll(async () => {
  h = await createHarness({
    env: {
      DISCORD_PLAN_ROLES: `Professional Plan=${PROFESSIONAL},Founders Plan=${FOUNDERS},Founders Image Only Plan=${IMAGE_ONLY}`,
    },
  });
}, 60_000);
afterAll(async () => {
  await h?.close();
});

/** The member's roles as Discord answers them (Get Guild Member with the bot token). */
async function rolesOf(discordId: string): Promise<string[] | null> {
  const response = await fetch(
    `${h.base}/_discord/api/v10/guilds/${h.emulator.guildId}/members/${discordId}`,
    {
      headers: { authorization: `Bot ${h.emulator.botToken}` },
    },
  );
  if (response.status === 404) return null;
  return ((await response.json()) as { roles: string[] }).roles;
}

async function rolesBecome(discordId: string, roles: string[]) {
  await h.waitFor(async () => JSON.stringify(await rolesOf(discordId)) === JSON.stringify(roles));
}

/** What a Stripe webhook's sync does: our copy of the subscription, then the user's plan from it. */
async function subscription(userId: string, tier: string, status: string) {
  await upsertSubscription(h.database.db, {
    id: `sub_roles_${userId.slice(0, 8)}`,
    userId,
    tier,
    status,
    currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
    cancelAtPeriodEnd: false,
    downgradeTo: null,
    gifted: false,
  });
  await refreshUserPlan({ db: h.database.db, userId });
}

describe('roles by plan', () => {
  it('follow the plan: subscribe gives the role, a downgrade at period end swaps it, a lapse removes it', async () => {
    const { discordId, account } = await h.user(0);
    expect(await rolesOf(discordId)).toEqual([]);
    await subscription(account.id, 'Founders Plan', 'active');
    await rolesBecome(discordId, [FOUNDERS]);
    // The schedule's second phase starts at the period end: the plan is now the lower one.
    await subscription(account.id, 'Professional Plan', 'active');
    await rolesBecome(discordId, [PROFESSIONAL]);
    // A yearly tier gets its plan's role.
    await subscription(account.id, 'Professional Plan Yearly', 'active');
    await rolesBecome(discordId, [PROFESSIONAL]);
    await subscription(account.id, 'Professional Plan Yearly', 'canceled');
    expect((await findUserById(h.database.db, account.id))!.subscriptionStatus).toBe('free');
    await rolesBecome(discordId, []);
  }, 60_000);

  it('a role removed by hand comes back at the next reconcile; members who left are skipped', async () => {
    const keeper = h.app.discordBot!.planRoles()!;
    const { discordId, account } = await h.user(0);
    await subscription(account.id, 'Founders Image Only Plan', 'active');
    await rolesBecome(discordId, [IMAGE_ONLY]);
    const api = `${h.base}/_discord/api/v10/guilds/${h.emulator.guildId}/members/${discordId}/roles`;
    const headers = { authorization: `Bot ${h.emulator.botToken}` };
    // A moderator takes the role away by hand.
    expect((await fetch(`${api}/${IMAGE_ONLY}`, { method: 'DELETE', headers })).status).toBe(204);
    expect(await rolesOf(discordId)).toEqual([]);

    const leaver = await h.user(0);
    await subscription(leaver.account.id, 'Founders Plan', 'active');
    await rolesBecome(leaver.discordId, [FOUNDERS]);
    const left = await fetch(`${h.base}/_discord/_test/members/${leaver.discordId}/leave`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(left.status).toBe(200);

    const totals = (await keeper.reconcile())!;
    expect(await rolesOf(discordId)).toEqual([IMAGE_ONLY]);
    expect(totals).toMatchObject({ changed: 1 });
    expect(totals.skipped).toBeGreaterThanOrEqual(1);
    expect(await rolesOf(leaver.discordId)).toBeNull();
    // A second pass finds nothing to repair.
    expect((await keeper.reconcile())!.changed).toBe(0);
  }, 60_000);

  it('the emulator lists its members with their roles', async () => {
    const { discordId, account } = await h.user(0);
    await subscription(account.id, 'Professional Plan', 'active');
    await rolesBecome(discordId, [PROFESSIONAL]);
    const roles = (await (
      await fetch(`${h.base}/_discord/api/v10/guilds/${h.emulator.guildId}/roles`, {
        headers: { authorization: `Bot ${h.emulator.botToken}` },
      })
    ).json()) as { id: string; name: string }[];
    expect(roles.map((role) => role.name)).toEqual([
      '@everyone',
      'Professional',
      'Founders',
      'Founders Image Only',
    ]);
  });
});

describe('roles by plan without a mapping', () => {
  it('nothing runs', async () => {
    const plain = await createHarness();
    try {
      expect(plain.app.discordBot!.planRoles()).toBeNull();
    } finally {
      await plain.close();
    }
  }, 60_000);
});
