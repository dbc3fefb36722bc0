import { type Db, type UserRow, laneUsageOf, setUserLane } from '@app/db';
import {
  LANE_TEXTS,
  type Lane,
  type LaneUsageWire,
  laneAllowed,
  lanesOf,
  relaxDailyCapOf,
} from '@app/domain';
import { AppError, notFound } from '../../lib/errors.ts';

export interface SetLaneResult {
  user: UserRow;
  /** False when the person was in that lane already: nothing was written. */
  changed: boolean;
}

/**
 * Sets a person's default lane (`/fast`, `/relax`, `/turbo`, `/settings`, the studio), and with it
 * whether a job switches to relax when credits run out. A lane, or relax when out, that the plan
 * does not offer is refused with 403 `LANE_NOT_IN_PLAN` naming the plans that have it, and nothing
 * changes. Each change is a zero entry on the ledger (`setUserLane`).
 */
export async function setLane(input: {
  db: Db;
  user: UserRow;
  lane?: Lane;
  relaxWhenOut?: boolean;
  idempotencyKey: string;
}): Promise<SetLaneResult> {
  const { user } = input;
  const lane = input.lane ?? user.lane;
  if (lane !== 'fast' && !laneAllowed(user.subscriptionStatus, lane)) throw notInPlan(lane);
  if (input.relaxWhenOut === true && !laneAllowed(user.subscriptionStatus, 'relax')) throw notInPlan('relax');
  const change = await setUserLane(input.db, {
    userId: user.id,
    lane,
    idempotencyKey: input.idempotencyKey,
    ...(input.relaxWhenOut !== undefined ? { relaxWhenOut: input.relaxWhenOut } : {}),
  });
  if (change.kind === 'unknown-user') throw notFound('User');
  return { user: change.user, changed: change.kind === 'changed' };
}

const notInPlan = (lane: Exclude<Lane, 'fast'>) =>
  new AppError('LANE_NOT_IN_PLAN', { status: 403, message: LANE_TEXTS.notInPlan(lane) });

/** A person's lane, the lanes their plan offers and what they used of each this period. */
export async function laneUsage(input: { db: Db; user: UserRow }): Promise<LaneUsageWire> {
  const { user } = input;
  const usage = await laneUsageOf(input.db, user.id);
  return {
    lane: user.lane,
    relaxWhenOut: user.relaxWhenOut && laneAllowed(user.subscriptionStatus, 'relax'),
    lanes: lanesOf(user.subscriptionStatus),
    periodStart: usage.periodStart.toISOString(),
    spent: usage.spent,
    relax: { ...usage.relax, dailyCap: relaxDailyCapOf(user.subscriptionStatus) },
  };
}
