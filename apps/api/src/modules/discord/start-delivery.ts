import { JOB_EVENTS_CHANNEL, type JobEvent, dueDiscordDeliveries, releaseDiscordDelivery } from '@app/db';
import type { BotDeps } from './bot-deps.ts';
import { CLAIM_LEASE_MS, deliverResult } from './deliver-result.ts';

const ENDED = new Set(['succeeded', 'failed', 'cancelled']);

/**
 * Posts Discord results as jobs end: at once on the job's NOTIFY event, and by a sweep that finds
 * what no process heard (every process down when it ended, a post that failed, a claim whose
 * poster died). The claim makes every process safe to run this beside the others.
 */
export async function startDiscordDelivery(
  deps: BotDeps,
  options: {
    sweepMs?: number;
    /** How long a claim is honoured before it counts as its poster's death. */
    leaseMs?: number;
    log: { error(object: unknown, message?: string): void };
  },
): Promise<{ stop(options?: { deadlineMs?: number }): Promise<void>; sweep(): Promise<void> }> {
  const leaseMs = options.leaseMs ?? CLAIM_LEASE_MS;
  let stopped = false;
  const inFlight = new Map<Promise<unknown>, string>();
  const deliver = (jobId: string) => {
    const run = deliverResult(deps, jobId, { leaseMs })
      .catch((error: unknown) =>
        options.log.error({ err: error, jobId }, 'Discord delivery failed; will retry'),
      )
      .finally(() => inFlight.delete(run));
    inFlight.set(run, jobId);
    return run;
  };
  const unlisten = await deps.database.listen(JOB_EVENTS_CHANNEL, (payload) => {
    if (stopped) return;
    try {
      const event = JSON.parse(payload) as JobEvent;
      if (ENDED.has(event.status)) void deliver(event.jobId);
    } catch {
      // Not one of ours.
    }
  });
  const sweep = async () => {
    const due = await dueDiscordDeliveries(deps.database.db, leaseMs, 50);
    await Promise.all(due.map(deliver));
  };
  let timer: NodeJS.Timeout | undefined;
  const loop = () => {
    timer = setTimeout(() => {
      sweep()
        .catch((error: unknown) => options.log.error({ err: error }, 'Discord delivery sweep failed'))
        .finally(() => {
          if (!stopped) loop();
        });
    }, options.sweepMs ?? 5000);
  };
  void sweep().catch(() => {});
  loop();
  return {
    sweep,
    /**
     * Stops taking deliveries and waits for those under way; with `deadlineMs`, a post still
     * under way by then has its claim handed back, so another process takes it over at once
     * rather than after the lease (the takeover looks for the message first).
     */
    async stop({ deadlineMs }: { deadlineMs?: number } = {}) {
      stopped = true;
      clearTimeout(timer);
      await unlisten();
      const settled = Promise.allSettled([...inFlight.keys()]);
      if (deadlineMs === undefined) return void (await settled);
      let expire: NodeJS.Timeout | undefined;
      const late = await Promise.race([
        settled.then(() => false),
        new Promise<boolean>((resolve) => (expire = setTimeout(() => resolve(true), deadlineMs))),
      ]).finally(() => clearTimeout(expire));
      if (!late) return;
      const jobIds = [...new Set(inFlight.values())];
      await Promise.allSettled(jobIds.map((jobId) => releaseDiscordDelivery(deps.database.db, jobId)));
    },
  };
}
