import { defineConfig } from 'vitest/config';

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
          include: [
            'packages/*/src/**/*.test.ts',
            'packages/*/test/**/*.test.ts',
            'apps/api/**/*.test.ts',
            'apps/worker/**/*.test.ts',
          ],
          exclude: [
            '**/node_modules/**',
            'packages/stripe-emulator/**',
            'packages/discord-emulator/**',
            '**/*.timing.test.ts',
          ],
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
