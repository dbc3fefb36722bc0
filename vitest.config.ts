import { readFileSync, readdirSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

/**
 * Test files that replace a module (`vi.mock`, `vi.doMock`) or stub globals, the environment or
 * the clock need a module graph of their own: found by reading the files, they run in the
 * `node-isolated` project, so the `node` project can share one per worker (see the note there).
 */
const OWN_MODULES = ['apps/api', 'apps/worker', 'packages']
  .flatMap((dir) => readdirSync(dir, { recursive: true }).map((file) => `${dir}/${String(file)}`))
  .filter((file) => file.endsWith('.test.ts') && !file.includes('node_modules/'))
  .filter((file) =>
    /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers)\(/.test(readFileSync(file, 'utf8')),
  );
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
        // runs them after everything else, one file at a time, so no other test loads the machine.
        test: {
          name: 'timing',
          environment: 'node',
          include: ['apps/*/test/**/*.timing.test.ts', 'packages/*/test/**/*.timing.test.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 60_000,
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
      './apps/web/vite.config.ts',
      './packages/stripe-emulator/vitest.config.ts',
      './packages/discord-emulator/vitest.config.ts',
    ],
  },
});
