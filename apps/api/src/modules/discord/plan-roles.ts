import {
  type Database,
  PLAN_CHANGES_CHANNEL,
  findUserById,
  listDiscordUsers,
  withNamedLockIfFree,
} from '@app/db';
import type { API } from '@discordjs/core/http-only';
import { DiscordAPIError } from '@discordjs/rest';

/** Plan name → Discord role id; a plan's name without " Yearly" covers its yearly tier too. */
export type PlanRoles = Record<string, string>;

/** The role a plan gives, or undefined (the free plan, a plan without a role). */
export function roleOfPlan(plan: string, roles: PlanRoles): string | undefined {
  return roles[plan] ?? roles[plan.replace(/ Yearly$/, '')];
}

export type RoleSyncOutcome = 'changed' | 'unchanged' | 'not-a-member';

/**
 * Makes one member's plan roles match their plan: the plan's role added, every other role of the
 * mapping removed; roles the mapping does not name are left alone. Through `@discordjs/rest`,
 * which queues each route and waits out Discord's 429s. A user who is not (or no longer) in the
 * server is skipped.
 */
export async function syncMemberRoles(
  api: API,
  input: { guildId: string; roles: PlanRoles; discordId: string; plan: string },
): Promise<RoleSyncOutcome> {
  let held: string[];
  try {
    held = (await api.guilds.getMember(input.guildId, input.discordId)).roles;
  } catch (error) {
    // Unknown Member (left the server) or Unknown User: nothing to give or take.
    if (error instanceof DiscordAPIError && error.status === 404) return 'not-a-member';
    throw error;
  }
  const wanted = roleOfPlan(input.plan, input.roles);
  const managed = new Set(Object.values(input.roles));
  let changed = false;
  for (const role of held) {
    if (managed.has(role) && role !== wanted) {
      await api.guilds.removeRoleFromMember(input.guildId, input.discordId, role, {
        reason: `Plan: ${input.plan}`,
      });
      changed = true;
    }
  }
  if (wanted && !held.includes(wanted)) {
    await api.guilds.addRoleToMember(input.guildId, input.discordId, wanted, {
      reason: `Plan: ${input.plan}`,
    });
    changed = true;
  }
  return changed ? 'changed' : 'unchanged';
}

export interface ReconcileTotals {
  checked: number;
  changed: number;
  skipped: number;
}

/** The lock one reconcile holds across processes while it runs. */
const RECONCILE_LOCK = 'discord-plan-roles-reconcile';

export interface PlanRoleKeeper {
  /** Brings one user's role in line with their plan now. */
  syncUser(userId: string): Promise<RoleSyncOutcome | 'no-discord'>;
  /**
   * Checks every member with a Discord account and repairs what drifted; null when another
   * process is doing it right now (one reconcile at a time across every API process).
   */
  reconcile(): Promise<ReconcileTotals | null>;
  stop(): Promise<void>;
}

/**
 * Roles by plan: each plan change announced by `refreshUserPlan` (subscribe, upgrade, a downgrade
 * at period end, a lapse, a gift) moves the member's role at once, and a reconcile at start-up and
 * every `intervalMs` repairs drift for everyone (a role removed by hand, a change missed while
 * Discord was unreachable). With no mapping, nothing runs (null).
 */
export async function startPlanRoles(input: {
  database: Database;
  api: () => API;
  guildId: string;
  roles: PlanRoles;
  intervalMs: number;
  log: { warn(object: unknown, message?: string): void; error(object: unknown, message?: string): void };
}): Promise<PlanRoleKeeper | null> {
  if (Object.keys(input.roles).length === 0) return null;
  const { db } = input.database;
  let stopped = false;
  const running = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>) => {
    running.add(work);
    void work.finally(() => running.delete(work)).catch(() => {});
    return work;
  };

  const syncUser = async (userId: string) => {
    const user = await findUserById(db, userId);
    if (!user?.discordId) return 'no-discord' as const;
    return syncMemberRoles(input.api(), {
      guildId: input.guildId,
      roles: input.roles,
      discordId: user.discordId,
      plan: user.subscriptionStatus,
    });
  };

  const reconcileAll = async () => {
    const totals: ReconcileTotals = { checked: 0, changed: 0, skipped: 0 };
    let after: string | null = null;
    for (;;) {
      const page = await listDiscordUsers(db, after, 100);
      for (const user of page) {
        if (stopped) return totals;
        try {
          const outcome = await syncMemberRoles(input.api(), {
            guildId: input.guildId,
            roles: input.roles,
            discordId: user.discordId,
            plan: user.subscriptionStatus,
          });
          totals.checked += 1;
          if (outcome === 'changed') totals.changed += 1;
          if (outcome === 'not-a-member') totals.skipped += 1;
        } catch (error) {
          input.log.warn({ err: error, userId: user.id }, 'Could not set the Discord role of a member');
        }
      }
      if (page.length < 100) return totals;
      after = page.at(-1)!.id;
    }
  };
  // Every API process runs the timer; whichever takes the lock first does the pass, the others
  // skip theirs, so each role is given or taken once.
  const reconcile = async () => {
    const outcome = await withNamedLockIfFree(db, RECONCILE_LOCK, reconcileAll);
    return outcome.ran ? outcome.value : null;
  };

  const unlisten = await input.database.listen(PLAN_CHANGES_CHANNEL, (userId) => {
    if (stopped) return;
    void track(syncUser(userId)).catch((error: unknown) =>
      input.log.warn({ err: error, userId }, 'Could not move the Discord role after a plan change'),
    );
  });
  let timer: NodeJS.Timeout | undefined;
  const loop = (delay: number) => {
    timer = setTimeout(() => {
      track(reconcile())
        .catch((error: unknown) => input.log.error({ err: error }, 'The plan roles reconcile failed'))
        .finally(() => {
          if (!stopped && input.intervalMs > 0) loop(input.intervalMs);
        });
    }, delay);
  };
  // At start-up, then every interval.
  loop(0);
  return {
    syncUser: (userId) => track(syncUser(userId)),
    reconcile: () => track(reconcile()),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await unlisten();
      await Promise.allSettled([...running]);
    },
  };
}
