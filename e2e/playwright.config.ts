import { defineConfig } from '@playwright/test';
import { runFolder } from './support/run-folders.ts';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  // Traces and screenshots of failures: outside the checkout.
  outputDir: runFolder('results'),
  globalSetup: './support/global-setup.ts',
  // Journeys are independent (each makes its own people, or reads the seeded ones), so they are
  // shared out one by one, not a file at a time: neither worker waits at the end on the other's
  // last file. The one file whose tests follow on from each other says so (`mode: 'serial'`).
  // Pages that list everyone's data (the admin queue, the moderation queue, the gallery) show
  // other journeys' rows too, so a journey looks for its buttons inside its own dialog or row.
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    // Set by the global setup, which starts the product on a free port.
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    // The seeded users sign in once; every journey reuses their sessions (`signIn` in support/auth).
    { name: 'sign-in', testMatch: /sign-in\.setup\.ts/ },
    // Journeys that start from the seeded users' known state run before the one that changes
    // the seeded `member` and `free` for good (plan changes, a gift redeemed).
    { name: 'journeys', testIgnore: /subscriptions\.spec\.ts/, dependencies: ['sign-in'] },
    { name: 'seeded-users', testMatch: /subscriptions\.spec\.ts/, dependencies: ['sign-in', 'journeys'] },
  ],
});
