// The figures of one fleet bench run, from the job rows, the ledger and the stand-in hosts' logs.
import pg from 'pg';
import type { Plan, Person, Workload } from './fleet-workload.ts';

export interface FleetFigures {
  dispatcher: 'fifo' | 'fleet';
  /** How long each job takes on its host. */
  jobMs: number;
  jobs: number;
  succeeded: number;
  failed: number;
  /** Share of live hosts busy, over the moments when a job was waiting. */
  utilization: number;
  jobsPerSecond: number;
  waitMs: Record<Plan, { p50: number; p99: number }>;
  /** The longest wait of a newcomer with a single job, in the middle of the flood. */
  singleMaxWaitMs: number;
  /** Jain's index over the flooders' jobs started while all four still had jobs waiting (1 is fair). */
  jain: number;
  /** Every fast job's wait (everything but relax): the figure the mixed scenario holds to the fast-only one. */
  fastWaitMs: { p50: number; p99: number };
  /** The mixed scenario: relax jobs, their waits, and Jain's index over the relaxers while all were backlogged. */
  relax?: { jobs: number; waitMs: { p50: number; p99: number }; jain: number };
  /** Mean idle gap of a host between one job and the next while jobs waited. */
  dispatchOverheadMs: number;
  /** Jobs that never ended, or ended failed without exactly one refund. */
  lost: number;
  /** Jobs charged, refunded or generated more than once. */
  doubled: number;
  /**
   * The wait estimate given at submission against the real wait, over jobs that waited at least one
   * job duration: the median of estimate ÷ real, and the share within a factor of two. Absent when
   * the run gave no estimates (the FIFO dispatcher).
   */
  estimate?: EstimateFigures;
  /**
   * The same for the estimate as the queued answer showed it while the job waited (refreshed on
   * the bot's edit pace), against the wait still ahead then, over the times at least one job
   * duration of wait was left.
   */
  estimateShown?: { times: number; medianRatio: number; withinFactorTwo: number };
}

/** Estimate ÷ real over judged waits: their median and the share within a factor of two. */
export interface EstimateFigures {
  jobs: number;
  medianRatio: number;
  withinFactorTwo: number;
  /**
   * Split by what set the wait: jobs that mostly waited for work already queued when they were
   * submitted (what an estimate can know), and jobs mostly passed by work sent after them (paid jobs
   * and newcomers of a burst that had only begun), which nothing known at submission foretells.
   */
  byCause: Record<'queued' | 'later', { jobs: number; withinFactorTwo: number }>;
}

interface Row {
  id: string;
  status: string;
  created: number;
  started: number | null;
  finished: number | null;
  charges: number;
  refunds: number;
  prompt: string;
}

/** Jain's fairness index of shares (1: all equal). */
const jainOf = (shares: number[]) => {
  const sum = shares.reduce((a, b) => a + b, 0);
  const squares = shares.reduce((a, b) => a + b * b, 0);
  return squares === 0 ? 1 : (sum * sum) / (shares.length * squares);
};

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
};

/** How many of `sorted` are ≤ t. */
const countUpTo = (sorted: number[], t: number) => {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

export async function measure(input: {
  url: string;
  dispatcher: 'fifo' | 'fleet';
  jobOwner: Map<string, Person>;
  /** The wait (ms) estimated for each job when it was submitted. */
  estimates?: Map<string, number>;
  /** The wait (ms) the queued answer showed, each time it was refreshed. */
  shown?: { id: string; at: number; estimateMs: number }[];
  jobMs: number;
  samples: { t: number; busy: number; alive: number }[];
  /** Each host's finished generations: when each ran and its prompt. */
  histories: { start: number; end: number; prompt: string }[][];
  /** When a host was down: a gap across one is no dispatcher's doing. */
  downtimes: { from: number; to: number }[];
  workload: Workload;
  startedAt: number;
}): Promise<FleetFigures> {
  const client = new pg.Client({ connectionString: input.url });
  await client.connect();
  const { rows: raw } = await client.query<{
    id: string;
    status: string;
    created: Date;
    started: Date | null;
    finished: Date | null;
    charges: number;
    refunds: number;
    prompt: string;
  }>(`
    select j.id, j.status, j.created_at as created, j.started_at as started, j.finished_at as finished,
      j.options->>'prompt' as prompt,
      (select count(*)::int from credit_ledger l where l.idempotency_key like 'job:bench:' || j.request_id || '%') as charges,
      (select count(*)::int from credit_ledger l where l.idempotency_key like 'refund:' || j.id || '%') as refunds
    from jobs j`);
  await client.end();
  const rows: Row[] = raw.map((row) => ({
    ...row,
    created: row.created.getTime(),
    started: row.started?.getTime() ?? null,
    finished: row.finished?.getTime() ?? null,
  }));
  const owner = (row: Row) => input.jobOwner.get(row.id)!;
  const wait = (row: Row) => (row.started ?? row.finished ?? Date.now()) - row.created;

  // Waiting at t: submitted, not yet started (a job that never started waits until it ended).
  const createdTimes = rows.map((row) => row.created).sort((a, b) => a - b);
  const leftQueue = rows.map((row) => row.started ?? row.finished ?? Infinity).sort((a, b) => a - b);
  const waitingAt = (t: number) => countUpTo(createdTimes, t) - countUpTo(leftQueue, t);
  let busy = 0;
  let capacity = 0;
  for (const sample of input.samples) {
    if (waitingAt(sample.t) === 0) continue;
    busy += Math.min(sample.busy, sample.alive);
    capacity += sample.alive;
  }

  const succeeded = rows.filter((row) => row.status === 'succeeded');
  const finishes = succeeded.map((row) => row.finished!);
  const firstCreated = Math.min(...createdTimes);
  const waitsOf = (plan: Plan) =>
    rows.filter((row) => owner(row).plan === plan && owner(row).role === 'crowd').map(wait);
  const waitMs = Object.fromEntries(
    (['founders', 'professional', 'free'] as Plan[]).map((plan) => [
      plan,
      { p50: percentile(waitsOf(plan), 50), p99: percentile(waitsOf(plan), 99) },
    ]),
  ) as FleetFigures['waitMs'];

  // Fairness: the flooders' starts between the flood's arrival and the moment the first of them
  // had nothing left waiting.
  const flooders = [...new Set([...input.jobOwner.values()].filter((p) => p.role === 'flooder'))];
  const byFlooder = flooders.map((person) => rows.filter((row) => owner(row) === person));
  const windowStart = input.startedAt + input.workload.floodInMs;
  const windowEnd = Math.min(
    ...byFlooder.map((jobs) => Math.max(...jobs.map((row) => row.started ?? Infinity))),
  );
  const counts = byFlooder.map(
    (jobs) =>
      jobs.filter((row) => row.started !== null && row.started >= windowStart && row.started < windowEnd)
        .length,
  );
  const jain = jainOf(counts);

  // Relax: fair between the people flooding it, from the moment all of them had jobs waiting to
  // the moment the first of them had nothing left waiting.
  const relaxers = [...new Set([...input.jobOwner.values()].filter((p) => p.role === 'relaxer'))];
  const relaxRows = rows.filter((row) => owner(row).role === 'relaxer');
  const fastRows = rows.filter((row) => owner(row).role !== 'relaxer');
  let relax: FleetFigures['relax'];
  if (relaxers.length) {
    const byRelaxer = relaxers.map((person) => relaxRows.filter((row) => owner(row) === person));
    const allIn = Math.max(...byRelaxer.map((jobs) => Math.max(...jobs.map((row) => row.created))));
    const firstDone = Math.min(
      ...byRelaxer.map((jobs) => Math.max(...jobs.map((row) => row.started ?? Infinity))),
    );
    const starts = byRelaxer.map(
      (jobs) =>
        jobs.filter((row) => row.started !== null && row.started >= allIn && row.started < firstDone).length,
    );
    const waits = relaxRows.map(wait);
    relax = {
      jobs: relaxRows.length,
      waitMs: { p50: percentile(waits, 50), p99: percentile(waits, 99) },
      jain: jainOf(starts),
    };
  }
  const fastWaits = fastRows.map(wait);

  // Dispatch overhead: a host's idle gap between two jobs while others waited (not across a time
  // the host was down).
  const gaps: number[] = [];
  for (const hostHistory of input.histories) {
    const history = [...hostHistory].sort((a, b) => a.start - b.start);
    for (let i = 1; i < history.length; i++) {
      const gap = history[i]!.start - history[i - 1]!.end;
      const down = input.downtimes.some((d) => d.from < history[i]!.start && d.to > history[i - 1]!.end);
      if (gap >= 0 && gap < 2_000 && !down && waitingAt(history[i - 1]!.end) > 0) gaps.push(gap);
    }
  }

  // Generations per job, from the hosts' logs (the prompt names the person and the job).
  const generations = new Map<string, number>();
  for (const history of input.histories) {
    for (const entry of history) generations.set(entry.prompt, (generations.get(entry.prompt) ?? 0) + 1);
  }
  const promptKey = (row: Row) => row.prompt.replace(/\s*-square$/, '');
  const lost = rows.filter(
    (row) => row.status !== 'succeeded' && !(row.status === 'failed' && row.refunds === 1),
  ).length;
  const doubled = rows.filter(
    (row) => row.charges > 1 || row.refunds > 1 || (generations.get(promptKey(row)) ?? 0) > 1,
  ).length;

  // Estimates against real waits, for jobs that really waited (a factor of two on a few
  // milliseconds says nothing).
  const judge = (ratios: number[]) => ({
    medianRatio: percentile(ratios, 50),
    withinFactorTwo: ratios.filter((ratio) => ratio >= 0.5 && ratio <= 2).length / ratios.length,
  });
  const judgedRows = rows.flatMap((row) => {
    const estimate = input.estimates?.get(row.id);
    const real = wait(row);
    return estimate !== undefined && row.started !== null && real >= input.jobMs
      ? [{ row, ratio: estimate / real }]
      : [];
  });
  const judged = judgedRows.map(({ ratio }) => ratio);
  // Of the jobs that started while one waited, the share sent after it.
  const laterShare = (row: Row) => {
    const passing = rows.filter(
      (other) => other.started !== null && other.started > row.created && other.started < row.started!,
    );
    return passing.filter((other) => other.created > row.created).length / Math.max(1, passing.length);
  };
  const causes = judgedRows.map(({ row, ratio }) => ({ ratio, later: laterShare(row) > 0.5 }));
  const byCause = (later: boolean) => {
    const ratios = causes.filter((cause) => cause.later === later).map((cause) => cause.ratio);
    return { jobs: ratios.length, withinFactorTwo: ratios.length ? judge(ratios).withinFactorTwo : 1 };
  };
  const startedAt = new Map(rows.map((row) => [row.id, row.started]));
  const shownJudged = (input.shown ?? []).flatMap(({ id, at, estimateMs }) => {
    const started = startedAt.get(id);
    return started != null && started - at >= input.jobMs ? [estimateMs / (started - at)] : [];
  });
  const estimate = judged.length
    ? {
        jobs: judged.length,
        ...judge(judged),
        byCause: { queued: byCause(false), later: byCause(true) },
      }
    : undefined;
  const estimateShown = shownJudged.length ? { times: shownJudged.length, ...judge(shownJudged) } : undefined;

  return {
    estimate,
    estimateShown,
    dispatcher: input.dispatcher,
    jobMs: input.jobMs,
    jobs: rows.length,
    succeeded: succeeded.length,
    failed: rows.filter((row) => row.status === 'failed').length,
    utilization: capacity === 0 ? 1 : busy / capacity,
    jobsPerSecond: succeeded.length / ((Math.max(...finishes) - firstCreated) / 1000),
    waitMs,
    singleMaxWaitMs: Math.max(...rows.filter((row) => owner(row).role === 'single').map(wait)),
    jain,
    fastWaitMs: { p50: percentile(fastWaits, 50), p99: percentile(fastWaits, 99) },
    ...(relax ? { relax } : {}),
    dispatchOverheadMs: gaps.length ? gaps.reduce((a, b) => a + b, 0) / gaps.length : 0,
    lost,
    doubled,
  };
}
