import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
          exclude: ['**/node_modules/**', 'packages/stripe-emulator/**', 'packages/discord-emulator/**'],
          testTimeout: 30_000,
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
