// Prints the fleet bench's figures for both dispatchers side by side, per job duration, and checks
// the budgets.
import { FLEET, runFleetScenario } from './fleet.ts';
import type { FleetFigures } from './fleet-measure.ts';
import { RELAXERS } from './fleet-workload.ts';

const verdict = (ok: boolean) => (ok ? 'within budget' : 'OVER BUDGET');

/** Budgets of our dispatcher: utilization while work waits, by job duration, and the rest for all. */
export const FLEET_BUDGETS = {
  utilization: { 1000: 0.99, 250: 0.97 } as Record<number, number>,
  dispatchOverheadMs: 5,
  estimateWithinFactorTwo: 0.9,
  /** The mixed scenario: fast waits beside the fast-only run, and relax fair between its people. */
  mixedFastWaitRatio: 1.1,
  mixedUtilization: 0.99,
  relaxJain: 0.95,
};

/** The job duration of the mixed scenario (fast work with a relax flood), beside the fast-only run. */
export const MIXED_JOB_MS = 1000;

export interface MixedScenario {
  jobMs: number;
  fastOnly: FleetFigures;
  mixed: FleetFigures;
}

export interface FleetScenario {
  jobMs: number;
  fifo: FleetFigures;
  fleet: FleetFigures;
}

export async function reportFleet(): Promise<{
  scenarios: FleetScenario[];
  mixed: MixedScenario;
  budgetsHold: boolean;
}> {
  console.log(
    `\nFleet: ${FLEET.hosts} stand-in GPU hosts (one job at a time, ${FLEET.jobMs.map((ms) => `${ms / 1000} s`).join(', then ')} each); a flood of 60 jobs by 4 free accounts, one after the other, with 8 newcomers arriving one job each, then 300 people (70% free, 20% Professional, 10% Founders Image Only) in three bursts; one host killed mid-run and back 4 job durations later. The timeline scales with the job duration.`,
  );
  const scenarios: FleetScenario[] = [];
  let budgetsHold = true;
  for (const jobMs of FLEET.jobMs) {
    const fifo = await runFleetScenario('fifo', jobMs);
    const fleet = await runFleetScenario('fleet', jobMs);
    scenarios.push({ jobMs, fifo, fleet });
    budgetsHold = printScenario(jobMs, fifo, fleet) && budgetsHold;
  }
  // The same fast work with paid members flooding relax, beside the fast-only run of our dispatcher.
  const fastOnly = scenarios.find((scenario) => scenario.jobMs === MIXED_JOB_MS)!.fleet;
  const mixed = await runFleetScenario('fleet', MIXED_JOB_MS, { relax: true });
  budgetsHold = printMixed(MIXED_JOB_MS, fastOnly, mixed) && budgetsHold;
  return { scenarios, mixed: { jobMs: MIXED_JOB_MS, fastOnly, mixed }, budgetsHold };
}

/** `npm run bench -- fleet-lanes`: the mixed scenario alone, beside its fast-only run. */
export async function reportMixed(): Promise<{ mixed: MixedScenario; budgetsHold: boolean }> {
  const fastOnly = await runFleetScenario('fleet', MIXED_JOB_MS);
  const mixed = await runFleetScenario('fleet', MIXED_JOB_MS, { relax: true });
  const budgetsHold = printMixed(MIXED_JOB_MS, fastOnly, mixed);
  return { mixed: { jobMs: MIXED_JOB_MS, fastOnly, mixed }, budgetsHold };
}

function printMixed(jobMs: number, fastOnly: FleetFigures, mixed: FleetFigures): boolean {
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const { people, jobs, everyMs } = RELAXERS;
  console.log(
    `
Mixed lanes, ${jobMs / 1000} s jobs: the same fast work, and ${people} paid members (half Professional, half Founders) flooding relax with ${jobs} jobs each, one arriving every ${everyMs / 1000} s from the start (scaled with the job duration).`,
  );
  const rows: [string, (f: FleetFigures) => string][] = [
    ['jobs (succeeded / failed)', (f) => `${f.jobs} (${f.succeeded} / ${f.failed})`],
    ['host utilization while work waits', (f) => `${(f.utilization * 100).toFixed(1)}%`],
    ['fast wait p50 / p99', (f) => `${s(f.fastWaitMs.p50)} / ${s(f.fastWaitMs.p99)}`],
    [
      'wait p50 / p99, Founders Image Only (fast)',
      (f) => `${s(f.waitMs.founders.p50)} / ${s(f.waitMs.founders.p99)}`,
    ],
    ['wait p50 / p99, free (fast)', (f) => `${s(f.waitMs.free.p50)} / ${s(f.waitMs.free.p99)}`],
    ['relax jobs', (f) => (f.relax ? String(f.relax.jobs) : '—')],
    ['relax wait p50 / p99', (f) => (f.relax ? `${s(f.relax.waitMs.p50)} / ${s(f.relax.waitMs.p99)}` : '—')],
    ["Jain's fairness, relax users", (f) => (f.relax ? f.relax.jain.toFixed(3) : '—')],
    ['dispatch overhead per job', (f) => `${f.dispatchOverheadMs.toFixed(1)} ms`],
    ['jobs lost / doubled (host killed)', (f) => `${f.lost} / ${f.doubled}`],
  ];
  console.log(`${''.padEnd(42)} ${'fast only'.padStart(18)} ${'fast + relax'.padStart(18)}`);
  for (const [label, value] of rows)
    console.log(`${label.padEnd(42)} ${value(fastOnly).padStart(18)} ${value(mixed).padStart(18)}`);
  const within = (a: number, b: number) => a <= b * FLEET_BUDGETS.mixedFastWaitRatio;
  const percentOver = Math.round((FLEET_BUDGETS.mixedFastWaitRatio - 1) * 100);
  const budgets = [
    [
      `fast wait p50 within ${percentOver}% of the fast-only run`,
      within(mixed.fastWaitMs.p50, fastOnly.fastWaitMs.p50),
    ],
    [
      `fast wait p99 within ${percentOver}% of the fast-only run`,
      within(mixed.fastWaitMs.p99, fastOnly.fastWaitMs.p99),
    ],
    [
      `host utilization while work waits ≥ ${FLEET_BUDGETS.mixedUtilization * 100}%`,
      mixed.utilization >= FLEET_BUDGETS.mixedUtilization,
    ],
    [
      `Jain's fairness among relax users ≥ ${FLEET_BUDGETS.relaxJain}`,
      mixed.relax !== undefined && mixed.relax.jain >= FLEET_BUDGETS.relaxJain,
    ],
    ['0 jobs lost', mixed.lost === 0],
    ['0 jobs doubled', mixed.doubled === 0],
  ] as const;
  console.log(`Budgets (mixed lanes, ${jobMs / 1000} s jobs):`);
  for (const [label, ok] of budgets) console.log(`  ${label} — ${verdict(ok)}`);
  return budgets.every(([, ok]) => ok);
}

function printScenario(jobMs: number, fifo: FleetFigures, fleet: FleetFigures): boolean {
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const rows: [string, (f: FleetFigures) => string][] = [
    ['jobs (succeeded / failed)', (f) => `${f.jobs} (${f.succeeded} / ${f.failed})`],
    ['host utilization while work waits', (f) => `${(f.utilization * 100).toFixed(1)}%`],
    ['jobs/s', (f) => f.jobsPerSecond.toFixed(2)],
    [
      'wait p50 / p99, Founders Image Only',
      (f) => `${s(f.waitMs.founders.p50)} / ${s(f.waitMs.founders.p99)}`,
    ],
    [
      'wait p50 / p99, Professional',
      (f) => `${s(f.waitMs.professional.p50)} / ${s(f.waitMs.professional.p99)}`,
    ],
    ['wait p50 / p99, free', (f) => `${s(f.waitMs.free.p50)} / ${s(f.waitMs.free.p99)}`],
    ['longest wait, single job in a flood', (f) => s(f.singleMaxWaitMs)],
    ["Jain's fairness, backlogged flooders", (f) => f.jain.toFixed(3)],
    ['dispatch overhead per job', (f) => `${f.dispatchOverheadMs.toFixed(1)} ms`],
    ['jobs lost / doubled (host killed)', (f) => `${f.lost} / ${f.doubled}`],
    [
      'wait estimate ÷ real, at submission',
      (f) =>
        f.estimate
          ? `${f.estimate.medianRatio.toFixed(2)} (${(f.estimate.withinFactorTwo * 100).toFixed(0)}% of ${f.estimate.jobs})`
          : '—',
    ],
    [
      '… waiting mostly for work already queued',
      (f) =>
        f.estimate
          ? `${(f.estimate.byCause.queued.withinFactorTwo * 100).toFixed(0)}% of ${f.estimate.byCause.queued.jobs}`
          : '—',
    ],
    [
      '… passed mostly by work sent later',
      (f) =>
        f.estimate
          ? `${(f.estimate.byCause.later.withinFactorTwo * 100).toFixed(0)}% of ${f.estimate.byCause.later.jobs}`
          : '—',
    ],
    [
      '… as the queued answer shows it',
      (f) =>
        f.estimateShown
          ? `${f.estimateShown.medianRatio.toFixed(2)} (${(f.estimateShown.withinFactorTwo * 100).toFixed(0)}% of ${f.estimateShown.times})`
          : '—',
    ],
  ];
  console.log(
    '(wait estimates: the median of estimate ÷ real, and the share within a factor of two; split by what the wait was spent on: jobs already queued at submission, which an estimate can count, or jobs sent later that were dispatched first — paid jobs and newcomers of a burst that had only begun — which nothing known at submission foretells)',
  );
  console.log(`\n${jobMs / 1000} s jobs`);
  console.log(`${''.padEnd(42)} ${'plain FIFO'.padStart(18)} ${'ours'.padStart(18)}`);
  for (const [label, value] of rows)
    console.log(`${label.padEnd(42)} ${value(fifo).padStart(18)} ${value(fleet).padStart(18)}`);
  const utilization = FLEET_BUDGETS.utilization[jobMs] ?? 0.95;
  const budgets = [
    [`host utilization while work waits ≥ ${utilization * 100}%`, fleet.utilization >= utilization],
    [
      `dispatch overhead per job ≤ ${FLEET_BUDGETS.dispatchOverheadMs} ms`,
      fleet.dispatchOverheadMs <= FLEET_BUDGETS.dispatchOverheadMs,
    ],
    ['priority-plan image p99 wait below free-plan p50', fleet.waitMs.founders.p99 < fleet.waitMs.free.p50],
    ['single-job wait ≤ 2 job durations', fleet.singleMaxWaitMs <= 2 * jobMs],
    ['0 jobs lost', fleet.lost === 0],
    ['0 jobs doubled', fleet.doubled === 0],
    [
      'wait estimate at submission ÷ real wait: median within a factor of two',
      fleet.estimate !== undefined && fleet.estimate.medianRatio >= 0.5 && fleet.estimate.medianRatio <= 2,
    ],
    [
      `… and within a factor of two for ≥ ${FLEET_BUDGETS.estimateWithinFactorTwo * 100}% of the jobs that waited mostly for work already queued`,
      fleet.estimate !== undefined &&
        fleet.estimate.byCause.queued.withinFactorTwo >= FLEET_BUDGETS.estimateWithinFactorTwo,
    ],
  ] as const;
  console.log(`Budgets (ours, ${jobMs / 1000} s jobs):`);
  for (const [label, ok] of budgets) console.log(`  ${label} — ${verdict(ok)}`);
  return budgets.every(([, ok]) => ok);
}
