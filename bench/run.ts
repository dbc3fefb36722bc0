// `npm run bench`: measures the budgets (bench/README.md) in one run and writes bench/results/latest.json.
import path from 'node:path';
import { execSync } from 'node:child_process';
import { measureBundle } from './bundle.ts';
import { type Figure, ROOT, describeFigure } from './lib.ts';
import { openHistory } from './history.ts';
import { benchInteractions } from './interactions.ts';
import { benchLighthouse } from './lighthouse.ts';
import { benchSignedInRead, benchThroughput } from './throughput.ts';
import { benchLocalProvider, benchSubmissions, benchSubmitToRunning } from './jobs.ts';
import { projectAt } from './baseline.ts';
import { reportFleet, reportMixed } from './fleet-report.ts';

const BUDGETS = {
  initialJsGzipKb: 90,
  throughputRatio: 0.7,
  signedInRatio: 0.4,
  /** Server CPU per request over bare Fastify's, at most. */
  throughputCpuRatio: 1.3,
  signedInCpuRatio: 1.5,
  lighthouse: 95,
  /** Jobs/s on PostgreSQL at least this many times the recorded figure below. */
  submitSpeedup: 4,
};
/**
 * The code before submissions became one short statement (ten and more statements in a
 * transaction, a dozen more around it). The jobs bench runs it beside ours, from this checkout's
 * history (bench/baseline.ts), and checks ours against it.
 */
const SUBMIT_BEFORE_COMMIT = 'fe7aa2b0a946e31f2ec8da43d48790d7241425c5';
/**
 * Where the history lacks that commit (a shallow clone): POST /api/jobs on PostgreSQL as the code
 * before answered this bench's rush, as a share of bare Fastify's req/s, on the machine it was
 * measured on (105 jobs/s beside bare 25.1k req/s; ours answered 642 jobs/s there). A share of bare
 * Fastify moves with the machine: bare Fastify gains from a faster processor more than submissions,
 * which wait on PostgreSQL, do.
 */
const SUBMIT_BASELINE_RATIO = 105 / 25_100;
const only = new Set(process.argv.slice(2));
const wants = (name: string) => only.size === 0 || only.has(name);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const verdict = (ok: boolean) => (ok ? 'within budget' : 'OVER BUDGET');

// The bundle and Lighthouse read the built web app; the API benches measure the server alone.
if (wants('bundle') || wants('lighthouse'))
  execSync('npm run build --silent', { cwd: ROOT, stdio: 'inherit' });
const history = openHistory(path.join(ROOT, 'bench/results/latest.json'));
const percent = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;
const percentFigure = ({ median, low, high }: Figure) =>
  `${percent(median)} (${percent(low)}–${percent(high)})`;

if (wants('bundle')) {
  const bundle = measureBundle();
  console.log(
    `\nLanding page initial JS: ${kb(bundle.initialJsGzip)} kB gzip (budget ${BUDGETS.initialJsGzipKb} kB) — ${verdict(bundle.initialJsGzip / 1024 <= BUDGETS.initialJsGzipKb)}`,
  );
  console.log('Lazy chunks (loaded only by the pages that need them):');
  for (const chunk of bundle.lazyChunks.slice(0, 12))
    console.log(`  ${chunk.file.padEnd(44)} ${kb(chunk.gzip).padStart(7)} kB gzip`);
  history.record('bundle', { 'landing initial JS': [bundle.initialJsGzip / 1024, 'kB gzip'] }, bundle);
}

/** Prints a route measured beside bare Fastify, checks its budgets and records its figures. */
function reportComparison(
  bench: string,
  title: string,
  comparison: Awaited<ReturnType<typeof benchThroughput>>,
  budgets: { rpsRatio: number; cpuRatio: number },
) {
  const { app, bare, rpsRatio, cpuRatio, processes, cycles, connections } = comparison;
  console.log(
    `\n${title}, with the logging npm start uses; ${connections} connections; ${processes} processes of each side by side, ${cycles.length} cycles of a short round each in turn. Each side: the median over its processes (lowest–highest process, ±half the range); each ratio: the median over the cycles (lowest–highest cycle):`,
  );
  console.log(
    `  API          ${describeFigure(app.rps)} req/s, CPU ${describeFigure(app.cpuUs, 1)} µs per request`,
  );
  console.log(
    `  bare Fastify ${describeFigure(bare.rps)} req/s, CPU ${describeFigure(bare.cpuUs, 1)} µs per request`,
  );
  console.log(
    `  req/s: ${percentFigure(rpsRatio)} of bare (budget ≥ ${budgets.rpsRatio * 100}%) — ${verdict(rpsRatio.median >= budgets.rpsRatio)}`,
  );
  console.log(
    `  CPU per request: ${cpuRatio.median.toFixed(2)}× bare (cycles ${cpuRatio.low.toFixed(2)}–${cpuRatio.high.toFixed(2)}×; budget ≤ ${budgets.cpuRatio}×) — ${verdict(cpuRatio.median <= budgets.cpuRatio)}`,
  );
  history.record(
    bench,
    {
      'API req/s': [app.rps, 'req/s'],
      'bare req/s': [bare.rps, 'req/s'],
      'API CPU per request': [app.cpuUs, 'µs'],
      'bare CPU per request': [bare.cpuUs, 'µs'],
      'req/s ratio to bare': [rpsRatio, 'ratio'],
      'CPU ratio to bare': [cpuRatio, 'ratio'],
    },
    comparison,
  );
}

if (wants('throughput')) {
  reportComparison('throughput', 'GET /subscription_details.json (no database)', await benchThroughput(), {
    rpsRatio: BUDGETS.throughputRatio,
    cpuRatio: BUDGETS.throughputCpuRatio,
  });
}

if (wants('signed-in')) {
  reportComparison('signed-in', 'Signed-in read GET /api/auth/ on PostgreSQL', await benchSignedInRead(), {
    rpsRatio: BUDGETS.signedInRatio,
    cpuRatio: BUDGETS.signedInCpuRatio,
  });
}

if (wants('interactions')) {
  const interactions = await benchInteractions();
  const line = (label: string, { rps, p99Ms }: { rps: number; p99Ms: number }) =>
    console.log(`${label.padEnd(34)} ${String(Math.round(rps)).padStart(6)} req/s   p99 ${p99Ms} ms`);
  console.log(
    `\nSigned Discord interactions on PostgreSQL (${interactions.connections} connections; Discord allows 3 s):`,
  );
  line('PING (signature, answer)', interactions.ping);
  line('/help (signature, account, answer)', interactions.help);
  line('Bare Fastify hello-world', interactions.bare);
  console.log(`p99 of /help under 100 ms — ${verdict(interactions.help.p99Ms < 100)}`);
  history.record(
    'interactions',
    {
      'PING req/s': [interactions.ping.rps, 'req/s'],
      'PING p99': [interactions.ping.p99Ms, 'ms'],
      '/help req/s': [interactions.help.rps, 'req/s'],
      '/help p99': [interactions.help.p99Ms, 'ms'],
      'bare req/s': [interactions.bare.rps, 'req/s'],
    },
    interactions,
  );
}

if (wants('lighthouse')) {
  const scores = await benchLighthouse([
    { path: '/' },
    { path: '/dashboard', signedIn: true },
    { path: '/documentation' },
    { path: '/makecommanddocumentation' },
    { path: '/gallery' },
    { path: '/studio', signedIn: true },
  ]);
  history.record(
    'lighthouse',
    Object.fromEntries(scores.map((score) => [`${score.page} performance`, [score.performance, 'score']])),
    scores,
  );
  console.log('\nLighthouse (budget ≥ 95 each):');
  for (const score of scores) {
    const ok = score.performance >= BUDGETS.lighthouse && score.accessibility >= BUDGETS.lighthouse;
    console.log(
      `  ${score.page.padEnd(28)} performance ${score.performance}  accessibility ${score.accessibility} — ${verdict(ok)}`,
    );
  }
}

if (wants('jobs')) {
  const root = process.env.BENCH_CODE_BEFORE === 'off' ? undefined : projectAt(SUBMIT_BEFORE_COMMIT);
  const before = root ? { root, commit: SUBMIT_BEFORE_COMMIT } : undefined;
  const submissions = [await benchSubmissions('postgres', { before }), await benchSubmissions('pglite')];
  const local = await benchLocalProvider();
  const latency = await benchSubmitToRunning();
  console.log(
    '\nPOST /api/jobs (a rush: a /make each from the next of 4,000 people, 16 connections, no worker), median of the rounds (lowest–highest):',
  );
  for (const result of submissions) {
    console.log(
      `  ${result.database.padEnd(8)} ${describeFigure(result.submitRps)} jobs/s beside bare Fastify ${Math.round(result.bareRps.median)} req/s (${percentFigure(result.ratio)}); the API's CPU ${describeFigure(result.apiCpuUs)} µs per job`,
    );
  }
  const postgres = submissions[0]!;
  const measured = postgres.before;
  const speedup = measured ? measured.speedup.median : postgres.ratio.median / SUBMIT_BASELINE_RATIO;
  if (measured)
    console.log(
      `  PostgreSQL: ${speedup.toFixed(1)}× the code before the one-statement submission (${measured.commit.slice(0, 7)}), measured in the same run, round by round (${measured.speedup.low.toFixed(1)}–${measured.speedup.high.toFixed(1)}×; it answered ${describeFigure(measured.submitRps)} jobs/s); budget ≥ ${BUDGETS.submitSpeedup}× — ${verdict(speedup >= BUDGETS.submitSpeedup)}`,
    );
  else
    console.log(
      `  PostgreSQL: ${speedup.toFixed(1)}× the recorded ratio to bare of the code before the one-statement submission (${percent(SUBMIT_BASELINE_RATIO)}; its history is not in this checkout); budget ≥ ${BUDGETS.submitSpeedup}× — ${verdict(speedup >= BUDGETS.submitSpeedup)}`,
    );
  console.log(
    `Local provider, median of 3: /make ${local.make} ms, 3 s /video ${local.video} ms, /speak ${local.speak} ms`,
  );
  console.log(
    `Submit to running (PGlite, in-process worker): p50 ${latency.p50Ms} ms, p99 ${latency.p99Ms} ms over ${latency.jobs} jobs`,
  );
  history.record(
    'jobs',
    {
      ...Object.fromEntries(
        submissions.flatMap((result) => [
          [`${result.database} jobs/s`, [result.submitRps, 'jobs/s']],
          [`${result.database} ratio to bare`, [result.ratio, 'ratio']],
          [`${result.database} API CPU per job`, [result.apiCpuUs, 'µs']],
        ]),
      ),
      ...(measured
        ? { 'PostgreSQL × the code before': [measured.speedup, '×'] as const }
        : { 'PostgreSQL × recorded baseline': [speedup, '×'] as const }),
      'submit to running p50': [latency.p50Ms, 'ms'],
      'submit to running p99': [latency.p99Ms, 'ms'],
    },
    { submissions, localProviderMedianMs: local, submitToRunning: latency },
  );
}

if (wants('fleet')) {
  const fleet = await reportFleet();
  history.record(
    'fleet',
    Object.fromEntries(
      fleet.scenarios
        .flatMap(({ jobMs, fleet: ours }) => [
          [`${jobMs / 1000} s jobs: utilization while work waits`, [ours.utilization, 'ratio']],
          [`${jobMs / 1000} s jobs: dispatch overhead per job`, [ours.dispatchOverheadMs, 'ms']],
          ...(ours.estimate
            ? ([
                [
                  `${jobMs / 1000} s jobs: wait estimate ÷ real, median`,
                  [ours.estimate.medianRatio, 'ratio'],
                ],
                [
                  `${jobMs / 1000} s jobs: estimates within 2×, waits on queued work`,
                  [ours.estimate.byCause.queued.withinFactorTwo, 'ratio'],
                ],
              ] as const)
            : []),
        ])
        .concat([
          ['mixed lanes: fast wait p50', [fleet.mixed.mixed.fastWaitMs.p50, 'ms']],
          ['mixed lanes: fast wait p99', [fleet.mixed.mixed.fastWaitMs.p99, 'ms']],
          ['mixed lanes: utilization while work waits', [fleet.mixed.mixed.utilization, 'ratio']],
          ['mixed lanes: Jain fairness, relax users', [fleet.mixed.mixed.relax?.jain ?? 0, 'ratio']],
        ]),
    ),
    fleet,
  );
}

// The mixed lanes scenario alone (`npm run bench -- fleet` runs it too, after the others).
if (only.has('fleet-lanes')) {
  const { mixed } = await reportMixed();
  history.record(
    'fleet-lanes',
    {
      'mixed lanes: fast wait p50': [mixed.mixed.fastWaitMs.p50, 'ms'],
      'mixed lanes: fast wait p99': [mixed.mixed.fastWaitMs.p99, 'ms'],
      'mixed lanes: utilization while work waits': [mixed.mixed.utilization, 'ratio'],
      'mixed lanes: Jain fairness, relax users': [mixed.mixed.relax?.jain ?? 0, 'ratio'],
    },
    mixed,
  );
}

history.write();
console.log('\nResults written to bench/results/latest.json');
