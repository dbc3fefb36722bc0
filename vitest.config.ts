import { readFileSync, readdirSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * Test files that replace a module (`vi.mock`, `vi.doMock`) or stub globals, the environment or
 * the clock need a module graph of their own: found by reading the files, they run in the
 * `node-isolated` project, so the `node` project can share one per worker (see the note there).
 */
const testFiles = (dirs: string[], ending: RegExp) =>
  dirs
    .flatMap((dir) => readdirSync(dir, { recursive: true }).map((file) => `${dir}/${String(file)}`))
    .filter((file) => ending.test(file) && !file.includes('node_modules/'));
const ownModules = (dirs: string[], ending: RegExp, replaces: RegExp) =>
  testFiles(dirs, ending).filter((file) => replaces.test(readFileSync(file, 'utf8')));
const OWN_MODULES = ownModules(
  ['apps/api', 'apps/worker', 'packages'],
  /\.test\.ts$/,
  /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers)\(/,
);
/**
 * The web's component tests share a page (jsdom) and a module graph per worker too, and a global
 * stubbed or a spy set by one is put back before the next test (`unstubGlobals`, `restoreMocks`), so
 * it never reaches the next file. A page and modules of their own (`web-isolated`: a fresh process
 * each, about 3 CPU-seconds) go to those that replace a module or the clock, and to those that
 * start the whole app (its router, its test router, the server render): its pages load lazily and
 * may still be loading when the file ends, and a load cut short there would fail the next file's
 * imports. Paths from the web app's folder.
 */
const WEB_TESTS = testFiles(['apps/web/src'], /\.test\.tsx?$/).map((file) => file.slice('apps/web/'.length));
const WEB_OWN_MODULES = ownModules(
  ['apps/web/src'],
  /\.test\.tsx?$/,
  /\bvi\.(mock|doMock|stubEnv|useFakeTimers)\(|from '[^']*\/(app|app-router|router|testing|entry-server)\.tsx'/,
).map((file) => file.slice('apps/web/'.length));
const NODE_TESTS = [
  'packages/*/src/**/*.test.ts',
  'packages/*/test/**/*.test.ts',
  'apps/api/**/*.test.ts',
  'apps/worker/**/*.test.ts',
];
const NODE_EXCLUDE = [
  '**/node_modules/**',
  'packages/stripe-emulator/**',
  'packages/discord-emulator/**',
  '**/*.timing.test.ts',
];

const TIMING_TESTS = ['apps/*/test/**/*.timing.test.ts', 'packages/*/test/**/*.timing.test.ts'];
const TIMING_PAIRED = [
  'apps/api/test/recovery/database-chaos.timing.test.ts',
  'apps/api/test/jobs/hung-host.timing.test.ts',
  'apps/worker/test/recovery.timing.test.ts',
];

export default defineConfig({
  test: {
    // Every object the Stripe and Discord emulators hand out during the run is checked against the
    // official types (the stripe package, discord-api-types) at the end; a misfit fails the run.
    globalSetup: ['./packages/emulator-fidelity/src/global-setup.ts'],
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: NODE_TESTS,
          exclude: [...NODE_EXCLUDE, ...OWN_MODULES],
          // One module graph per worker (`isolate: false`): an API file starts in about a second
          // instead of about eight (importing the app's graph once per worker, not once per file).
          // Each file still builds its own app and database (a PGlite snapshot put back, or a
          // database of its own on PostgreSQL); state a module keeps is keyed by what owns it.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'node-isolated',
          environment: 'node',
          include: OWN_MODULES,
          exclude: NODE_EXCLUDE,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Tests whose acceptance is a deadline (Discord's 3 s for a burst of interactions): `npm test`
        // runs them after everything else (`--project 'timing*'`), one file at a time, so no other
        // test loads the machine. Vitest runs a project without file parallelism after all the
        // others, so these come after `timing-paired` too.
        test: {
          name: 'timing',
          environment: 'node',
          include: TIMING_TESTS,
          exclude: TIMING_PAIRED,
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The deadline tests that spend it waiting (a standby worker's takeover, a host leaving
        // rotation, connections cut and refused): two at a time, as the cores stay mostly idle under
        // them (a busy half of one core at most, measured), before the others each have the machine.
        // A group of their own (`groupOrder`), so no other project's files run beside them.
        test: {
          name: 'timing-paired',
          environment: 'node',
          include: TIMING_PAIRED,
          maxWorkers: 2,
          testTimeout: 120_000,
          hookTimeout: 60_000,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'tooling',
          environment: 'node',
          include: ['scripts/**/*.test.mjs'],
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          isolate: false,
          unstubGlobals: true,
          restoreMocks: true,
          exclude: ['**/node_modules/**', ...WEB_OWN_MODULES],
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        // (`extends` adds to the web config's lists: its files are those the other project leaves.)
        test: {
          name: 'web-isolated',
          exclude: WEB_TESTS.filter((file) => !WEB_OWN_MODULES.includes(file)),
        },
      },
      './packages/stripe-emulator/vitest.config.ts',
      './packages/discord-emulator/vitest.config.ts',
    ],
  },
});
