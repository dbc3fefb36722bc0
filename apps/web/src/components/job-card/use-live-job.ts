import type { JobWire } from '@app/domain';
import { useEffect, useState } from 'react';
import type { JobService } from '@/lib/job-service.ts';

const ENDED = new Set<JobWire['status']>(['succeeded', 'failed', 'cancelled']);

export const isEnded = (job: JobWire) => ENDED.has(job.status);

/**
 * A job kept current through the service's live events: each event moves status and progress at
 * once; a change of status (or a while in the queue, where the position moves) re-reads the whole
 * job for its position, outputs and error.
 */
export function useLiveJob(initial: JobWire, service: JobService): [JobWire, (job: JobWire) => void] {
  const [job, setJob] = useState(initial);
  const id = job.id;
  const ended = isEnded(job);

  useEffect(() => {
    if (ended) return;
    let lastStatus: string | null = null;
    // Not cancelled on clean-up: the read that follows the final event must still land.
    const refresh = () =>
      service.get(id).then(
        ({ job: fresh }) => setJob(fresh),
        () => undefined,
      );
    const stop = service.watch(id, (event) => {
      setJob((current) => ({ ...current, status: event.status, progress: event.progress }));
      if (event.status !== lastStatus) {
        lastStatus = event.status;
        void refresh();
      }
      if (ENDED.has(event.status)) stop();
    });
    // The queue position has no event of its own: read it now and then while waiting.
    const timer = setInterval(() => void refresh(), 4000);
    return () => {
      clearInterval(timer);
      stop();
    };
  }, [id, ended, service]);

  return [job, setJob];
}
