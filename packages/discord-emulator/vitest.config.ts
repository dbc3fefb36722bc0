import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Runs this package's tests, including the Chromium test (`*.e2e.ts`), from any working directory.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'discord-emulator',
    environment: 'node',
    include: ['test/**/*.test.ts', 'test/**/*.e2e.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
