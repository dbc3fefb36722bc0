import {
  type DbOrTx,
  type FamilyStanding,
  type JobRow,
  type MediaRow,
  loveCounts,
  lovedBy,
  mediaForJobs,
} from '@app/db';
import type { JobOutputWire, JobWire } from '@app/domain';
import type { MediaStorage } from '@app/generation';
import { type QueueStanding, type QueueTiming, queueStandings } from './estimate-wait.ts';

export const mediaUrl = (storage: MediaStorage, key: string) => storage.publicUrl(key) ?? `/media/${key}`;

/** One stored file of a job, with its thumbnail for `srcset`. */
export function toOutputWire(storage: MediaStorage, row: MediaRow): JobOutputWire {
  return {
    url: mediaUrl(storage, row.storageKey),
    ...(row.thumbKey ? { thumbUrl: mediaUrl(storage, row.thumbKey) } : {}),
    mime: row.mime,
    ...(row.width != null ? { width: row.width } : {}),
    ...(row.height != null ? { height: row.height } : {}),
    ...(row.durationMs != null ? { durationMs: row.durationMs } : {}),
  };
}

/**
 * Job rows as the studio and the gallery see them, with outputs, loves and queue position. Jobs
 * `created` by this very request have neither outputs nor loves yet, and their standing came with
 * their submission.
 */
export async function toJobWires(
  db: DbOrTx,
  storage: MediaStorage,
  jobs: JobRow[],
  viewerId: string | null,
  timing: QueueTiming,
  { created = false, standing }: { created?: boolean; standing?: FamilyStanding } = {},
): Promise<JobWire[]> {
  const ids = created ? [] : jobs.map((job) => job.id);
  const [media, counts, loved, standings] = await Promise.all([
    mediaForJobs(db, ids),
    loveCounts(db, ids),
    viewerId ? lovedBy(db, ids, viewerId) : Promise.resolve(new Set<string>()),
    queueStandings(db, timing, jobs, new Date(), standing),
  ]);
  const byJob = new Map<string, MediaRow[]>();
  for (const row of media) byJob.set(row.jobId, [...(byJob.get(row.jobId) ?? []), row]);
  return jobs.map((job): JobWire => ({
    id: job.id,
    command: job.command,
    kind: job.family,
    options: job.options,
    status: job.status,
    ...wireStanding(standings.get(job.id)!),
    progress: job.progress,
    cost: { credits: job.costCredits, hypercredits: job.costHypercredits },
    lane: job.lane,
    ...(job.autoRelaxed ? { autoRelaxed: true } : {}),
    outputs: (byJob.get(job.id) ?? [])
      .filter((row) => row.kind !== 'model')
      .map((row) => toOutputWire(storage, row)),
    ...(job.resultText ? { text: job.resultText } : {}),
    ...(job.errorCode ? { error: { code: job.errorCode, message: job.errorMessage ?? '' } } : {}),
    loves: counts.get(job.id) ?? 0,
    lovedByMe: loved.has(job.id),
    public: job.public,
    ...(job.contentLevel === 'mature' ? { mature: true } : {}),
    mine: job.userId === viewerId,
    ...(job.parentJobId ? { parentId: job.parentJobId } : {}),
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
  }));
}

export async function toJobWire(
  db: DbOrTx,
  storage: MediaStorage,
  job: JobRow,
  viewerId: string | null,
  timing: QueueTiming,
  options: { created?: boolean; standing?: FamilyStanding } = {},
) {
  const [wire] = await toJobWires(db, storage, [job], viewerId, timing, options);
  return wire!;
}

export const wireStanding = ({ position, waitSeconds, refundAt }: QueueStanding) => ({
  position,
  // Whole seconds on the wire; a wait under a second is still a wait.
  ...(waitSeconds !== undefined ? { waitSeconds: Math.ceil(waitSeconds) } : {}),
  ...(refundAt ? { refundAt: refundAt.toISOString() } : {}),
});
