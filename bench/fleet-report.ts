// Prints the fleet bench's figures for both dispatchers side by side, per job duration, and checks
// the budgets.
import { FLEET, runFleetScenario } from './fleet.ts';
import type { FleetFigures } from './fleet-measure.ts';

const verdict = (ok: boolean) => (ok ? 'within budget' : 'OVER BUDGET');

/** Budgets of our dispatcher: utilization while work waits, by job duration, and the rest for all. */
export const FLEET_BUDGETS = {
  utilization: { 1000: 0.99, 250: 0.97 } as Record<number, number>,
  dispatchOverheadMs: 5,
  estimateWithinFactorTwo: 0.9,
};

export interface FleetScenario {
  jobMs: number;
  fifo: FleetFigures;
  fleet: FleetFigures;
}

export async function reportFleet(): Promise<{ scenarios: FleetScenario[]; budgetsHold: boolean }> {
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
  return { scenarios, budgetsHold };
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
