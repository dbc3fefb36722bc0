/**
 * Where a queued job stands and when it will be done with, computed the same way for the studio
 * and the Discord bot: the wait from the jobs ahead and the family's slots, and the moment an
 * unfinished job is refunded by itself.
 */

export interface QueueSnapshot {
  /** Queued jobs of the family ahead of this one in dispatch order. */
  position: number;
  /** Slots of the family in rotation (at least 1). */
  slots: number;
  /** How long each running job of the family has been running, in seconds. */
  runningElapsedSeconds: readonly number[];
  /** Typical run time of the family's recent finished jobs (their median), in seconds; null before any. */
  meanSeconds: number | null;
  /**
   * Jobs per second that lately arrived ranked to go before this one though later (a higher
   * class, or a newcomer's first job ahead of a later round): as many are expected while it waits.
   */
  aheadArrivalsPerSecond?: number;
  /**
   * The time over which that pace was counted, in seconds: it is expected to go on for as long
   * again at most (a burst seen for 5 s is not assumed to last a minute). Without it, as long as
   * the wait.
   */
  aheadArrivalsOverSeconds?: number;
}

/** The jobs ahead simulated one by one are capped: past this the estimate grows linearly. */
const SIMULATED_AHEAD = 5000;

/**
 * Seconds until a queued job starts, or undefined before the family has finished a job.
 *
 * Each slot is free after `max(0, mean − elapsed)` seconds when a job runs on it, at once when it
 * is free. The jobs on the slots are the most recently started running ones, as many as there are
 * slots: a job whose host has answered is still running while its outputs are stored, and its slot
 * is already at the next job. The jobs ahead then take the
 * earliest free slot one after the other, each for `mean` seconds; this job starts when the
 * earliest slot is free after them. With every slot busy and R_i the remaining times sorted, that is
 * about `R_(p mod S) + floor(p / S) × mean` for p jobs ahead and S slots.
 *
 * Jobs that arrive while it waits and are dispatched before it (a higher class, newcomers) take
 * their share of the slots: with λ of them a second lately, over the last T seconds, that share is
 * ρ = λ × mean / S, and they keep coming at that pace for as long as it was seen at most, so the
 * wait W = W₀ + ρ × min(W, T): W₀ / (1 − ρ) while that is within T, else W₀ + ρ × T.
 */
export function estimateWaitSeconds(snapshot: QueueSnapshot): number | undefined {
  const { meanSeconds: mean } = snapshot;
  if (mean == null || !Number.isFinite(mean) || mean < 0) return undefined;
  const slots = Math.max(1, Math.floor(snapshot.slots));
  const remaining = [...snapshot.runningElapsedSeconds]
    .map((elapsed) => Math.max(0, mean - Math.max(0, elapsed)))
    .sort((a, b) => b - a)
    .slice(0, slots);
  const free: number[] = [...remaining, ...Array<number>(slots - remaining.length).fill(0)];
  const position = Math.max(0, Math.floor(snapshot.position));
  const simulated = Math.min(position, SIMULATED_AHEAD);
  for (let ahead = 0; ahead < simulated; ahead++) {
    const slot = earliest(free);
    free[slot] = free[slot]! + mean;
  }
  const extra = ((position - simulated) / slots) * mean;
  const base = free[earliest(free)]! + extra;
  const load = Math.max(0, ((snapshot.aheadArrivalsPerSecond ?? 0) * mean) / slots);
  const horizon = snapshot.aheadArrivalsOverSeconds ?? Infinity;
  const wait = load < 1 && base / (1 - load) <= horizon ? base / (1 - load) : base + load * horizon;
  // In tenths of a second; the job wire carries whole seconds, the messages round further.
  return Math.round((Number.isFinite(wait) ? wait : base) * 10) / 10;
}

function earliest(times: number[]): number {
  let best = 0;
  for (let at = 1; at < times.length; at++) if (times[at]! < times[best]!) best = at;
  return best;
}

/** pg-boss's delay before retry n (1-based) with `retryDelay: 2, retryBackoff: true, retryDelayMax: 120`. */
export function retryDelaySeconds(retry: number): number {
  return Math.min(120, 2 * 2 ** (retry - 1));
}

/**
 * The latest moment a job that never finishes is failed and refunded by itself: every attempt is
 * given up at the family's deadline and retried (`retryLimit` times, with backoff) until none is
 * left. From its start (the estimated start while queued): the attempts still to come, each a
 * deadline long, plus the backoff between them.
 */
export function refundAt(input: {
  /** When the job started running, or its estimated start while queued. */
  start: Date;
  deadlineSeconds: number;
  retryLimit: number;
  /** Attempts already begun, the running one included. */
  attemptsBegun: number;
}): Date {
  const total = input.retryLimit + 1;
  // The running attempt (or the first, while queued) and those that may follow it.
  const first = Math.max(1, input.attemptsBegun);
  let seconds = 0;
  for (let attempt = first; attempt <= Math.max(first, total); attempt++) {
    seconds += input.deadlineSeconds;
    if (attempt < total) seconds += retryDelaySeconds(attempt);
  }
  return new Date(input.start.getTime() + seconds * 1000);
}

/** A wait in plain words, as the studio and the bot say it: "about 15 seconds", "about 3 minutes". */
export function describeWait(seconds: number): string {
  if (seconds < 60) return `about ${Math.max(5, Math.ceil(seconds / 5) * 5)} seconds`;
  const minutes = Math.round(seconds / 60);
  return `about ${minutes} minute${minutes === 1 ? '' : 's'}`;
}
