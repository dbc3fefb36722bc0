import { type Database, JOB_EVENTS_CHANNEL, type JobEvent } from '@app/db';

export interface JobEventHub {
  /** Calls `listener` with every event of the job until the returned function is called. */
  subscribe(jobId: string, listener: (event: JobEvent) => void): Promise<() => void>;
  close(): Promise<void>;
}

/**
 * One LISTEN per process, opened on the first subscription and fanned out by job id, so a
 * thousand open event streams cost one database connection.
 */
export function createJobEventHub(database: Database): JobEventHub {
  const listeners = new Map<string, Set<(event: JobEvent) => void>>();
  let listening: Promise<() => Promise<void>> | undefined;

  const dispatch = (payload: string) => {
    let event: JobEvent;
    try {
      event = JSON.parse(payload) as JobEvent;
    } catch {
      return;
    }
    for (const listener of listeners.get(event.jobId) ?? []) listener(event);
  };

  return {
    async subscribe(jobId, listener) {
      // A LISTEN that could not open (the database was away) is tried again by the next caller;
      // once open, it reopens itself after a lost connection.
      listening ??= database.listen(JOB_EVENTS_CHANNEL, dispatch).catch((error: unknown) => {
        listening = undefined;
        throw error;
      });
      await listening;
      const set = listeners.get(jobId) ?? new Set();
      set.add(listener);
      listeners.set(jobId, set);
      return () => {
        set.delete(listener);
        if (!set.size) listeners.delete(jobId);
      };
    },
    async close() {
      listeners.clear();
      if (listening) await (await listening.catch(() => async () => {}))();
      listening = undefined;
    },
  };
}
