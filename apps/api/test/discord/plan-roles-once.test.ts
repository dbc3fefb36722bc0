import { type Database, createUser } from '@app/db';
import { createTestDatabase } from '@app/db/testing';
import type { API } from '@discordjs/core/http-only';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PlanRoleKeeper, startPlanRoles } from '../../src/modules/discord/plan-roles.ts';

const GUILD = 'guild-1';
const ROLES = { 'Professional Plan': 'role-professional', 'Founders Plan': 'role-founders' };

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

/**
 * A guild whose members hold no roles and keep holding none (role calls are only recorded), so a
 * second pass over them would call again; reading a member waits for `open()`.
 */
function recordingGuild() {
  const calls: string[] = [];
  let reads = 0;
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  const api = {
    guilds: {
      getMember: async () => {
        reads += 1;
        await gate;
        return { roles: [] as string[] };
      },
      addRoleToMember: async (_guild: string, member: string, role: string) => {
        calls.push(`PUT ${member} ${role}`);
      },
      removeRoleFromMember: async (_guild: string, member: string, role: string) => {
        calls.push(`DELETE ${member} ${role}`);
      },
    },
  } as unknown as API;
  return { api, calls, reads: () => reads, open };
}

const log = { warn: () => {}, error: () => {} };

async function until(condition: () => boolean) {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
}

describe('roles by plan across API processes', () => {
  it('two instances reconciling at once make each role call once', async () => {
    await createUser(database.db, {
      discordName: 'pro',
      discordId: 'member-pro',
      subscriptionStatus: 'Professional Plan',
    });
    await createUser(database.db, {
      discordName: 'founder',
      discordId: 'member-founders',
      subscriptionStatus: 'Founders Plan',
    });
    const guild = recordingGuild();
    const keepers: PlanRoleKeeper[] = [];
    const start = async () => {
      const keeper = await startPlanRoles({
        database,
        api: () => guild.api,
        guildId: GUILD,
        roles: ROLES,
        intervalMs: 60_000,
        log,
      });
      keepers.push(keeper!);
      return keeper!;
    };
    try {
      // The first instance's start-up reconcile is under way (reading the first member).
      await start();
      await until(() => guild.reads() === 1);
      // The second instance starts meanwhile (its own start-up pass comes due) and is asked to
      // reconcile too: the first one's pass is running, so it does neither.
      const second = await start();
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect(await second.reconcile()).toBeNull();
      await second.stop();
      expect(guild.reads()).toBe(1);
      guild.open();
      await until(() => guild.calls.length === 2);
    } finally {
      for (const keeper of keepers) await keeper.stop();
    }
    expect(guild.reads()).toBe(2);
    expect(guild.calls.sort()).toEqual([
      'PUT member-founders role-founders',
      'PUT member-pro role-professional',
    ]);
  });

  it('the next reconcile runs once the first is over', async () => {
    const guild = recordingGuild();
    guild.open();
    const keeper = (await startPlanRoles({
      database,
      api: () => guild.api,
      guildId: GUILD,
      roles: ROLES,
      intervalMs: 60_000,
      log,
    }))!;
    try {
      await until(() => guild.calls.length === 2);
      await expect(keeper.reconcile()).resolves.toMatchObject({ checked: 2, changed: 2 });
    } finally {
      await keeper.stop();
    }
    expect(guild.calls).toHaveLength(4);
  });
});
