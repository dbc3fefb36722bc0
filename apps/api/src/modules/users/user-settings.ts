import { randomUUID } from 'node:crypto';
import { type Db, type UserRow, findUserById, updateUserSettings } from '@app/db';
import {
  type UpdateUserSettings,
  type UserSettingsWire,
  canStartPrivate,
  laneAllowed,
  lanesOf,
} from '@app/domain';
import { AppError, notFound } from '../../lib/errors.ts';
import { setLane } from './set-lane.ts';

/** A person's defaults as the studio and `/settings` show them. */
export function toUserSettingsWire(user: UserRow): UserSettingsWire {
  const privateAllowed = canStartPrivate(user.subscriptionStatus);
  return {
    defaultAspect: user.defaultAspect,
    defaultLoraWeight: user.defaultLoraWeight,
    // On the free plan new creations are public whatever was chosen on a plan before.
    privateByDefault: privateAllowed && user.privateByDefault,
    privateAllowed,
    matureDisplay: user.matureDisplay,
    matureAllowed: user.ageBand === '18+',
    remix: user.remix,
    lane: user.lane,
    relaxWhenOut: user.relaxWhenOut && laneAllowed(user.subscriptionStatus, 'relax'),
    lanes: lanesOf(user.subscriptionStatus),
  };
}

/**
 * Changes a person's defaults, from the studio or `/settings` alike. Private by default needs a
 * plan that allows it (403 `PRIVATE_NEEDS_PLAN`, nothing changed); showing or blurring mature
 * creations needs a recorded 18 or older (403 `ADULTS_ONLY`).
 */
export async function changeUserSettings(
  db: Db,
  userId: string,
  { lane, relaxWhenOut, ...changes }: UpdateUserSettings,
  /** Makes a repeated request write its lane change once (default: a new key each time). */
  idempotencyKey = `lane:${randomUUID()}`,
): Promise<UserRow> {
  let user = await findUserById(db, userId);
  if (!user) throw notFound('User');
  if (changes.privateByDefault === true && !canStartPrivate(user.subscriptionStatus)) {
    throw new AppError('PRIVATE_NEEDS_PLAN', {
      status: 403,
      message: 'Private by default comes with a paid plan; on the free plan creations are public.',
    });
  }
  if (changes.matureDisplay && changes.matureDisplay !== 'hide' && user.ageBand !== '18+') {
    throw new AppError('ADULTS_ONLY', {
      status: 403,
      message: 'Mature creations are for people who are 18 or older; nothing was changed.',
    });
  }
  // The lane first: a lane the plan does not offer refuses the whole change, nothing written.
  if (lane !== undefined || relaxWhenOut !== undefined)
    user = (await setLane({ db, user, lane, relaxWhenOut, idempotencyKey })).user;
  if (Object.keys(changes).length === 0) return user;
  return (await updateUserSettings(db, userId, changes))!;
}
