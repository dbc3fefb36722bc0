import { type Database, listFleetHosts, strandedQueuedJobs } from '@app/db';
import type { JobFamily } from '@app/generation';
import type { JobQueue } from '../queue.ts';
import { endQueuedJob } from '../settle.ts';

const SERVICE: Record<JobFamily, string> = {
  image: 'image service',
  video: 'video service',
  audio: 'audio service',
  lipsync: 'lip-sync service',
  lora: 'training service',
};

/**
 * While every host of a family is down, its jobs wait in the queue; once a job has waited
 * `waitSeconds` of that outage it fails, refunded once, in plain words. Any number of workers may
 * run this at once: ending a job is conditional and the refund is keyed.
 */
export async function failStrandedJobs(options: {
  database: Database;
  queue: JobQueue;
  family: JobFamily;
  waitSeconds: number;
}): Promise<number> {
  const { database, family } = options;
  const hosts = (await listFleetHosts(database.db)).filter((row) => row.families.includes(family));
  if (hosts.length === 0 || hosts.some((row) => row.status === 'up')) return 0;
  const since = Math.max(...hosts.map((row) => (row.downSince ?? new Date()).getTime()));
  const cutoff = Date.now() - options.waitSeconds * 1000;
  if (since > cutoff) return 0;
  const stranded = await strandedQueuedJobs(database.db, family, new Date(cutoff));
  let failed = 0;
  for (const job of stranded) {
    await database.db.transaction(async (tx) => {
      const ended = await endQueuedJob(tx, options.queue, { ...job, family }, 'failed', {
        code: 'NO_HOST',
        message: `The ${SERVICE[family]} is not reachable right now, so this job could not run. It was refunded; try again later.`,
      });
      if (ended) failed += 1;
    });
  }
  return failed;
}
