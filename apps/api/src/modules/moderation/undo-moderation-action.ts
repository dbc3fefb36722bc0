import {
  type ModerationActionRow,
  type UserRow,
  findUserById,
  getModerationAction,
  liveActionsOf,
  markModerationActionUndone,
  setJobHidden,
  setUserModeration,
} from '@app/db';
import { AppError, notFound } from '../../lib/errors.ts';
import { writeAuditLog } from '../audit/write-audit-log.ts';
import { notifyPerson, redrawDiscordResult } from './notify-person.ts';
import type { ModerationContext } from './take-moderation-action.ts';

/**
 * Undoes one moderator action, once: a hidden creation comes back (gallery, page and its Discord
 * message), a warning is withdrawn, a pause or a ban ends. Audited and told to the person by DM.
 * Cancelled jobs of a ban stay cancelled (they were refunded).
 */
export async function undoModerationAction(
  context: ModerationContext & { actor: UserRow; id: string },
): Promise<ModerationActionRow> {
  const { db, actor } = context;
  const existing = await getModerationAction(db, context.id);
  if (!existing) throw notFound('Moderation action');
  const undone = await db.transaction(async (tx) => {
    const row = await markModerationActionUndone(tx, existing.id, actor.id);
    if (!row)
      throw new AppError('ALREADY_UNDONE', { status: 409, message: 'This action was already undone' });
    const subject = (await findUserById(tx, row.subjectUserId))!;
    let before: Record<string, unknown> = {};
    let after: Record<string, unknown> = {};
    switch (row.action) {
      case 'hide': {
        // Another hide of the same creation still standing keeps it hidden.
        const others = await liveActionsOf(tx, {
          subjectUserId: row.subjectUserId,
          action: 'hide',
          jobId: row.jobId,
        });
        if (row.jobId && !others.length) {
          await setJobHidden(tx, row.jobId, false);
          before = { hidden: true };
          after = { hidden: false };
        }
        break;
      }
      case 'warn':
        break;
      case 'pause':
        before = { pausedUntil: subject.pausedUntil?.toISOString() ?? null };
        await setUserModeration(tx, subject.id, { pausedUntil: null });
        after = { pausedUntil: null };
        break;
      case 'ban':
        before = { bannedAt: subject.bannedAt?.toISOString() ?? null };
        await setUserModeration(tx, subject.id, { bannedAt: null });
        after = { bannedAt: null };
        break;
    }
    await writeAuditLog({
      db: tx,
      actorId: actor.id,
      action: `moderation.undo-${row.action}`,
      targetId: row.subjectUserId,
      details: { actionId: row.id, jobId: row.jobId, before, after },
    });
    return { row, restored: 'hidden' in after };
  });
  const { row } = undone;
  if (row.action === 'hide' && row.jobId && undone.restored)
    await redrawDiscordResult({ ...context, jobId: row.jobId, hidden: false });
  const texts: Record<ModerationActionRow['action'], string> = {
    hide: 'The moderators restored your creation.',
    warn: 'The moderators withdrew their warning.',
    pause: 'The moderators ended the pause on your generation.',
    ban: 'The moderators lifted your ban; you can sign in and create again.',
  };
  await notifyPerson({ ...context, userId: row.subjectUserId, text: texts[row.action] });
  return row;
}
