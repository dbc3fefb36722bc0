import {
  type Db,
  type ModerationActionRow,
  type UserRow,
  activeJobsOf,
  deleteSessionsOfUser,
  findUserById,
  getJob,
  insertModerationAction,
  setJobHidden,
  setModerationItemStatus,
  setUserModeration,
} from '@app/db';
import { type ModerationActionBody, describeDuration, describeUntil } from '@app/domain';
import { type JobQueue, endQueuedJob, promptOf } from '@app/jobs';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { writeAuditLog } from '../audit/write-audit-log.ts';
import type { BotDeps } from '../discord/bot-deps.ts';
import { type Logger, notifyPerson, redrawDiscordResult } from './notify-person.ts';

export interface ModerationContext {
  db: Db;
  queue: () => Promise<JobQueue>;
  bot: BotDeps | undefined;
  log: Logger;
}

const snippet = (text: string | undefined) =>
  text ? ` ("${text.length > 60 ? `${text.slice(0, 59)}…` : text}")` : '';

/**
 * A moderator's action, each written to the audit log with what it changed and told to the person
 * by DM: hide a creation (gone from the gallery, its page and media, its Discord message replaced
 * by a notice), warn, pause generation for a time, or ban (no sign-in, sessions ended, the bot
 * refuses, queued and running jobs cancelled with their refund, once).
 */
export async function takeModerationAction(
  context: ModerationContext & { actor: UserRow; body: ModerationActionBody },
): Promise<ModerationActionRow> {
  const { db, actor, body } = context;
  const job = body.jobId ? await getJob(db, body.jobId) : null;
  if (body.jobId && !job) throw notFound('Creation');
  const subjectId = body.userId ?? job!.userId;
  if (job && body.userId && job.userId !== body.userId)
    throw badRequest('That creation is not this person’s', 'BAD_TARGET');
  const subject = await findUserById(db, subjectId);
  if (!subject) throw notFound('User');
  if (subject.id === actor.id) throw badRequest('You cannot moderate yourself', 'BAD_TARGET');
  if (body.action === 'ban' && subject.role === 'admin')
    throw new AppError('FORBIDDEN', {
      status: 403,
      message: 'An admin cannot be banned; remove the role first',
    });

  const now = new Date();
  const until = body.action === 'pause' ? new Date(now.getTime() + body.minutes! * 60_000) : null;
  const queue = body.action === 'ban' ? await context.queue() : null;
  const action = await db.transaction(async (tx) => {
    let before: Record<string, unknown> = {};
    let after: Record<string, unknown> = {};
    switch (body.action) {
      case 'hide': {
        if (job!.hiddenAt)
          throw new AppError('ALREADY_HIDDEN', { status: 409, message: 'This creation is already hidden' });
        await setJobHidden(tx, job!.id, true);
        before = { hidden: false };
        after = { hidden: true };
        break;
      }
      case 'warn':
        break;
      case 'pause': {
        before = { pausedUntil: subject.pausedUntil?.toISOString() ?? null };
        await setUserModeration(tx, subject.id, { pausedUntil: until });
        after = { pausedUntil: until!.toISOString() };
        break;
      }
      case 'ban': {
        if (subject.bannedAt)
          throw new AppError('ALREADY_BANNED', { status: 409, message: 'This person is already banned' });
        await setUserModeration(tx, subject.id, { bannedAt: now });
        await deleteSessionsOfUser(tx, subject.id);
        const cancelled: string[] = [];
        for (const active of await activeJobsOf(tx, subject.id, 1000)) {
          const ended = await endQueuedJob(tx, queue!, active, 'cancelled', {
            code: 'CANCELLED',
            message: 'Cancelled by the moderators; the credits were refunded.',
          });
          if (ended) cancelled.push(ended.id);
        }
        before = { bannedAt: null };
        after = { bannedAt: now.toISOString(), cancelledJobs: cancelled };
        break;
      }
    }
    const row = await insertModerationAction(tx, {
      action: body.action,
      subjectUserId: subject.id,
      jobId: job?.id ?? null,
      actorId: actor.id,
      reason: body.reason,
      until,
    });
    if (body.itemId)
      await setModerationItemStatus(tx, { id: body.itemId, status: 'resolved', actorId: actor.id });
    await writeAuditLog({
      db: tx,
      actorId: actor.id,
      action: `moderation.${body.action}`,
      targetId: subject.id,
      details: { actionId: row.id, jobId: job?.id ?? null, reason: body.reason, before, after },
    });
    return row;
  });

  if (body.action === 'hide') await redrawDiscordResult({ ...context, jobId: job!.id, hidden: true });
  const creation = job ? `your /${job.command} creation${snippet(promptOf(job.options))}` : '';
  const texts: Record<ModerationActionBody['action'], string> = {
    hide: `The moderators removed ${creation}. Reason: ${body.reason}`,
    warn: `A warning from the moderators${job ? ` about ${creation}` : ''}: ${body.reason}`,
    pause: `The moderators paused your generation for ${describeDuration(body.minutes! * 60)}, until ${until ? describeUntil(until, now) : ''}. Reason: ${body.reason}`,
    ban: `The moderators banned you from HyperCreate; anything you had queued was cancelled and refunded. Reason: ${body.reason}`,
  };
  await notifyPerson({ ...context, userId: subject.id, text: texts[body.action] });
  return action;
}
