import { type DbOrTx, type FamilyStanding, type JobRow, familyStanding } from '@app/db';
import { estimateWaitSeconds, jumpsAhead, refundAt } from '@app/domain';
import type { GenerationSettings } from '@app/jobs';

/** What the standing of a job depends on besides the database: the families' deadlines and retries. */
export type QueueTiming = Pick<GenerationSettings, 'deadlines' | 'retryLimit'>;

/**
 * How far back the arrivals that go ahead of a waiting job are counted, for their pace: this many
 * of the family's typical job times, so that the pace follows a burst as it comes and goes.
 */
export const ARRIVAL_WINDOW_JOBS = 10;

export interface QueueStanding {
  /** Queued jobs of the family ahead in dispatch order; 0 once running. */
  position: number;
  /** While queued: about how many seconds until it starts (absent before the family finished a job). */
  waitSeconds?: number;
  /** While queued or running: when it is failed and refunded by itself if it has not finished. */
  refundAt?: Date;
}

/**
 * Where jobs stand: each one's place in the real dispatch order (rank, then age: fairness and
 * plan priority included), a guess at its wait (`estimateWaitSeconds`: the jobs ahead on the
 * family's slots in rotation, each taking as long as the family's recent jobs took, after the
 * running ones end, and the share of the slots that jobs arriving later but dispatched first took
 * lately) and the time it is refunded by itself when it never finishes (`refundAt`: its
 * attempts under the family's deadline). The studio's job cards and the bot's queued answers
 * both read this, so they show the same numbers. One query per family.
 */
export async function queueStandings(
  db: DbOrTx,
  timing: QueueTiming,
  jobs: JobRow[],
  now = new Date(),
  /** A family's standing already read (with a new job's submission), with the positions it holds. */
  known?: FamilyStanding,
): Promise<Map<string, QueueStanding>> {
  const standings = new Map<string, QueueStanding>();
  const queuedByFamily = new Map<JobRow['family'], JobRow[]>();
  for (const job of jobs) {
    if (job.status === 'running') {
      standings.set(job.id, {
        position: 0,
        refundAt: refundAt({
          start: job.startedAt ?? now,
          deadlineSeconds: timing.deadlines[job.family],
          retryLimit: timing.retryLimit,
          attemptsBegun: job.attempts,
        }),
      });
    } else if (job.status === 'queued') {
      queuedByFamily.set(job.family, [...(queuedByFamily.get(job.family) ?? []), job]);
    } else {
      standings.set(job.id, { position: 0 });
    }
  }
  await Promise.all(
    [...queuedByFamily].map(async ([family, queued]) => {
      const { positions, slots, runningStarts, medianSeconds, arrivals, arrivalWindowSeconds } =
        known && queued.every((job) => known.positions.has(job.id))
          ? known
          : await familyStanding(
              db,
              family,
              queued.map((job) => job.id),
              { arrivalWindowJobs: ARRIVAL_WINDOW_JOBS },
            );
      const runningElapsedSeconds = runningStarts.map((start) => (now.getTime() - start.getTime()) / 1000);
      for (const job of queued) {
        // A job no longer queued by the time of the query is about to start: nothing is ahead.
        const position = positions.get(job.id) ?? 0;
        const ahead = arrivals
          .filter((arrival) => jumpsAhead(arrival.rank, job.priority))
          .reduce((sum, arrival) => sum + arrival.count, 0);
        const waitSeconds = estimateWaitSeconds({
          position,
          slots,
          runningElapsedSeconds,
          meanSeconds: medianSeconds,
          aheadArrivalsPerSecond: ahead / arrivalWindowSeconds,
          aheadArrivalsOverSeconds: arrivalWindowSeconds,
        });
        standings.set(job.id, {
          position,
          ...(waitSeconds !== undefined ? { waitSeconds } : {}),
          refundAt: refundAt({
            start: new Date(now.getTime() + (waitSeconds ?? 0) * 1000),
            deadlineSeconds: timing.deadlines[family],
            retryLimit: timing.retryLimit,
            // A job back in the queue after a lost attempt has fewer attempts left.
            attemptsBegun: job.attempts + 1,
          }),
        });
      }
    }),
  );
  return standings;
}

/** `queueStandings` of one job. */
export async function queueStanding(
  db: DbOrTx,
  timing: QueueTiming,
  job: JobRow,
  now = new Date(),
  known?: FamilyStanding,
): Promise<QueueStanding> {
  return (await queueStandings(db, timing, [job], now, known)).get(job.id)!;
}
