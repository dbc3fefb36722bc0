// `npm test`: the production build (once: the production rehearsal, the build tests and the browser
// tests use it), then unit, component and API tests (vitest, including the Stripe emulator's
// Chromium test), then the tests whose acceptance is a deadline (vitest projects `timing*`,
// `*.timing.test.ts`) with nothing else running beside them, then the browser tests
// (Playwright in Chromium against the production build started as `npm start` starts it).
//
// With TEST_DATABASE_URL set, every database test runs on that PostgreSQL server, and a second,
// smaller pass runs the database package and a smoke set of API flows (sign-in, a purchase, a
// job) on the embedded PGlite, so both databases are covered in one run.
//
// Each pass prints how many tests it ran and how long it took. Under CI (CI set), a pass that runs
// fewer tests than its floor fails: a test that silently stopped running is a failure too.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { run } from './lib.mjs';

/** The API flows the PGlite pass runs besides the database package: sign-in, a purchase, a job. */
const PGLITE_SMOKE = [
  'packages/db',
  'apps/api/test/foundation.test.ts',
  'apps/api/test/auth/sessions.test.ts',
  'apps/api/test/payment/purchase.test.ts',
  'apps/api/test/jobs/lifecycle.test.ts',
];

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const reports = mkdtempSync(path.join(tmpdir(), 'test-reports-'));
const report = (name) => path.join(reports, `${name}.json`);

/** Tests run (passed or failed, not skipped) according to a vitest JSON report. */
const vitestCount = (file) => {
  const { numPassedTests, numFailedTests } = JSON.parse(readFileSync(file, 'utf8'));
  return numPassedTests + numFailedTests;
};
/** Tests run according to a Playwright JSON report. */
const playwrightCount = (file) => {
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  return stats.expected + stats.unexpected + stats.flaky;
};

/**
 * Vitest's default in a run is one worker fewer than the cores: one on a 2-core machine. Test files
 * spend much of their time waiting (timers, child processes, the database): with a worker per core
 * the cores were busy 75% of the PostgreSQL pass on 2 cores, with one more worker 90%, and the pass
 * took 408 s instead of 470 s.
 */
const WORKERS = `--maxWorkers=${availableParallelism() + 1}`;

const vitest = (name, args) => ({
  command: 'npx',
  args: [
    'vitest',
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report(name)}`,
  ],
  count: () => vitestCount(report(name)),
});

const steps = [
  { name: 'chromium', command: process.execPath, args: ['scripts/ensure-chromium.mjs'] },
  { name: 'build', command: 'npm', args: ['run', 'build', '--silent'] },
  {
    name: onPostgres ? 'vitest on PostgreSQL' : 'vitest',
    ...vitest('vitest', ['--project', '!timing*', WORKERS]),
    floor: onPostgres ? 1250 : 0,
  },
  ...(onPostgres
    ? [
        {
          name: 'vitest on PGlite (database package and API smoke set)',
          ...vitest('pglite', ['--project', 'node', WORKERS, ...PGLITE_SMOKE]),
          env: { TEST_DATABASE_URL: '' },
          floor: 1,
        },
      ]
    : []),
  { name: 'timing-bound tests', ...vitest('timing', ['--project', 'timing*']), floor: 9 },
  {
    name: 'browser tests',
    command: 'npx',
    args: ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_FILE: report('browser') },
    count: () => playwrightCount(report('browser')),
    floor: 95,
  },
];

const started = performance.now();
const summary = [];
const seconds = (since) => ((performance.now() - since) / 1000).toFixed(0);
let failed;
for (const step of steps) {
  const stepStarted = performance.now();
  const code = await run(step.command, step.args, {
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', ...step.env },
  });
  let line = `${step.name}: ${seconds(stepStarted)} s`;
  if (step.count) {
    const count = (() => {
      try {
        return step.count();
      } catch {
        return undefined;
      }
    })();
    line += count === undefined ? ', no report' : `, ${count} tests run`;
    if (code === 0 && process.env.CI && step.floor && !(count >= step.floor)) {
      line += ` — fewer than the ${step.floor} expected`;
      failed ??= step.name;
    }
  }
  summary.push(line);
  console.log(`\n⏱ ${line}`);
  if (code !== 0) {
    failed = `${step.name} (exit ${code})`;
    break;
  }
  if (failed) break;
}
rmSync(reports, { recursive: true, force: true });
console.log(`\n${summary.map((line) => `  ${line}`).join('\n')}\n  total: ${seconds(started)} s`);
if (failed) {
  console.error(`\n✗ ${failed} failed`);
  process.exit(1);
}
console.log('\n✓ all tests passed');
