import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Runs this package's tests, including the Chromium test (`*.e2e.ts`), from any working directory.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'stripe-emulator',
    environment: 'node',
    include: ['test/**/*.test.ts', 'test/**/*.e2e.ts'],
    // Run on its own too, every object the emulator hands out is checked against the official types.
    globalSetup: ['../emulator-fidelity/src/global-setup.ts'],
    // One module graph per worker: no file replaces a module or stubs a global.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
