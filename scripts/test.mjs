// `npm test`: unit, component and API tests (vitest, including the Stripe emulator's Chromium
// test), then the tests whose acceptance is a deadline (vitest project `timing`, `*.timing.test.ts`)
// alone, with nothing else running beside them, then the browser tests (Playwright in Chromium
// against the production build started as `npm start` starts it).
import { run } from './lib.mjs';

const steps = [
  ['chromium', [process.execPath, ['scripts/ensure-chromium.mjs']]],
  ['vitest', ['npx', ['vitest', 'run', '--project', '!timing']]],
  ['timing-bound tests', ['npx', ['vitest', 'run', '--project', 'timing']]],
  ['build', ['npm', ['run', 'build', '--silent']]],
  ['browser tests', ['npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']]],
];

for (const [name, [command, args]] of steps) {
  const code = await run(command, args, { env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } });
  if (code !== 0) {
    console.error(`\n✗ ${name} failed (exit ${code})`);
    process.exit(code);
  }
}
console.log('\n✓ all tests passed');
