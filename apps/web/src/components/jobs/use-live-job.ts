import type { JobWire } from '@app/domain';
import { useEffect, useState } from 'react';
import { getJob } from './jobs-api.ts';

const ENDED = new Set<JobWire['status']>(['succeeded', 'failed', 'cancelled']);

export const isEnded = (job: JobWire) => ENDED.has(job.status);

/**
 * A job kept current over `GET /api/jobs/:id/events`: each event moves status and progress at
 * once; a change of status (or a while in the queue, where the position moves) re-reads the whole
 * job for its position, outputs and error. EventSource reconnects by itself after a dropped line.
 */
export function useLiveJob(initial: JobWire): [JobWire, (job: JobWire) => void] {
  const [job, setJob] = useState(initial);
  const id = job.id;
  const ended = isEnded(job);

  useEffect(() => {
    if (ended) return;
    let lastStatus: string | null = null;
    // Not cancelled on clean-up: the read that follows the final event must still land.
    const refresh = () =>
      getJob(id).then(
        ({ job: fresh }) => setJob(fresh),
        () => undefined,
      );
    const source = new EventSource(`/api/jobs/${id}/events`, { withCredentials: true });
    source.addEventListener('job', (event) => {
      const data = JSON.parse((event as MessageEvent<string>).data) as Pick<JobWire, 'status' | 'progress'>;
      setJob((current) => ({ ...current, status: data.status, progress: data.progress }));
      if (data.status !== lastStatus) {
        lastStatus = data.status;
        void refresh();
      }
      if (ENDED.has(data.status)) source.close();
    });
    // The queue position has no event of its own: read it now and then while waiting.
    const timer = setInterval(() => void refresh(), 4000);
    return () => {
      clearInterval(timer);
      source.close();
    };
  }, [id, ended]);

  return [job, setJob];
}
