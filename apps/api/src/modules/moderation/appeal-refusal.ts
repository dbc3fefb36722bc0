import {
  type Db,
  type DbOrTx,
  type ModerationItemRow,
  type UserRow,
  countRefusalsSince,
  findAppealOf,
  findUserById,
  getModerationItem,
  insertModerationItem,
  liveActionsOf,
  overturnRefusal,
  setModerationItemStatus,
  setUserModeration,
} from '@app/db';
import { REFUSALS_PER_PAUSE, REFUSAL_WINDOW_SECONDS } from '@app/domain';
import { AppError, notFound } from '../../lib/errors.ts';
import { writeAuditLog } from '../audit/write-audit-log.ts';

/**
 * A person's "this was a mistake" about one of their own refusals: an appeal in the moderation
 * queue with the refused prompt. One per refusal; asking again answers the same appeal.
 */
export async function appealRefusal(input: {
  db: Db;
  user: UserRow;
  refusalId: string;
  note?: string;
  source: 'web' | 'discord';
}): Promise<ModerationItemRow> {
  const { db, user } = input;
  const refusal = await getModerationItem(db, input.refusalId);
  // Someone else's refusal is not found, so refusals do not show they exist.
  if (!refusal || refusal.kind !== 'refusal' || refusal.subjectUserId !== user.id) throw notFound('Refusal');
  const made = await insertModerationItem(db, {
    kind: 'appeal',
    subjectUserId: user.id,
    category: refusal.category,
    prompt: refusal.prompt,
    source: input.source,
    details: { refusalId: refusal.id, ...(input.note ? { note: input.note } : {}) },
  });
  // A twin appeal (the unique index) made in the meantime is the answer.
  return made ?? (await findAppealOf(db, refusal.id))!;
}

/**
 * An automatic pause the person is serving that their standing refusals no longer earn: lifted
 * (never a moderator's pause). Whether it was.
 */
async function liftUnearnedPause(db: DbOrTx, userId: string, now = new Date()): Promise<boolean> {
  const person = await findUserById(db, userId);
  if (!person?.pausedUntil || person.pausedUntil <= now) return false;
  const byModerator = (await liveActionsOf(db, { subjectUserId: userId, action: 'pause' })).some(
    (action) => action.until && action.until > now,
  );
  if (byModerator) return false;
  const since = new Date(now.getTime() - REFUSAL_WINDOW_SECONDS * 1000);
  if ((await countRefusalsSince(db, userId, since)) >= REFUSALS_PER_PAUSE) return false;
  await setUserModeration(db, userId, { pausedUntil: null });
  return true;
}

/**
 * A moderator's answer to an appeal, audited: upheld, the refusal was wrong and no longer counts
 * toward a pause (an automatic pause it helped earn is lifted when the rest no longer earn one);
 * rejected, it stands. Either way the appeal (and an upheld refusal) is resolved.
 */
export async function decideAppeal(input: {
  db: Db;
  actor: UserRow;
  appealId: string;
  upheld: boolean;
}): Promise<ModerationItemRow> {
  const { db, actor } = input;
  return db.transaction(async (tx) => {
    const appeal = await getModerationItem(tx, input.appealId);
    if (!appeal || appeal.kind !== 'appeal') throw notFound('Appeal');
    if (appeal.status === 'resolved')
      throw new AppError('ALREADY_DECIDED', { status: 409, message: 'This appeal was already decided' });
    const refusalId = String(appeal.details.refusalId);
    let liftedPause = false;
    if (input.upheld) {
      await overturnRefusal(tx, refusalId);
      await setModerationItemStatus(tx, { id: refusalId, status: 'resolved', actorId: actor.id });
      liftedPause = await liftUnearnedPause(tx, appeal.subjectUserId);
    }
    const resolved = await setModerationItemStatus(tx, {
      id: appeal.id,
      status: 'resolved',
      actorId: actor.id,
    });
    await writeAuditLog({
      db: tx,
      actorId: actor.id,
      action: `moderation.appeal.${input.upheld ? 'uphold' : 'reject'}`,
      targetId: appeal.subjectUserId,
      details: { itemId: appeal.id, refusalId, upheld: input.upheld, liftedPause },
    });
    return resolved!;
  });
}
