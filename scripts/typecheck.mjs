// Type-checks every workspace with its own tsconfig; exits non-zero on the first failure.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const projects = [
  'packages/domain',
  'packages/db',
  'packages/stripe-emulator',
  'packages/discord-emulator',
  'packages/emulator-fidelity',
  'packages/generation',
  'packages/jobs',
  'apps/api',
  'apps/worker',
  'apps/web',
  'e2e',
  'bench',
];
let failed = false;
for (const project of projects) {
  if (!existsSync(`${project}/tsconfig.json`)) continue;
  const result = spawnSync('npx', ['tsc', '--noEmit', '-p', project], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
  else console.log(`typecheck ok: ${project}`);
}
process.exit(failed ? 1 : 0);
