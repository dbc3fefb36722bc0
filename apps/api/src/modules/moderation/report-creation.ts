import { type Db, type UserRow, countReportsSince, insertModerationItem } from '@app/db';
import { REPORTS_PER_HOUR, type ReportReason } from '@app/domain';
import { badRequest, rateLimited } from '../../lib/errors.ts';
import { loadVisibleJob } from '../jobs/job-access.ts';
import { promptOf } from '@app/jobs';

/**
 * A report of a creation the reporter can see, into the moderation queue. One per reporter and
 * creation (a repeat is answered the same and adds nothing); at most REPORTS_PER_HOUR an hour.
 * The creator is never told who reported.
 */
export async function reportCreation(input: {
  db: Db;
  reporter: UserRow;
  jobId: string;
  reason: ReportReason;
  note?: string;
  source: 'web' | 'discord';
}): Promise<void> {
  const { db, reporter } = input;
  const job = await loadVisibleJob(db, input.jobId, reporter);
  if (job.userId === reporter.id) throw badRequest('You cannot report your own creation.', 'OWN_CREATION');
  const hourAgo = new Date(Date.now() - 3_600_000);
  if ((await countReportsSince(db, reporter.id, hourAgo)) >= REPORTS_PER_HOUR) {
    throw rateLimited(3600, `You can send ${REPORTS_PER_HOUR} reports an hour; try again later.`);
  }
  await insertModerationItem(db, {
    kind: 'report',
    subjectUserId: job.userId,
    jobId: job.id,
    reporterId: reporter.id,
    reason: input.reason,
    prompt: promptOf(job.options) ?? null,
    source: input.source,
    details: input.note ? { note: input.note } : {},
  });
}
