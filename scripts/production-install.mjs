// Lays out a production install in a folder: the build's output, what it reads at run time, the
// manifests and the lockfile, then `npm ci --omit=dev` there. The container image is made by this
// script (see the Dockerfile), and the production rehearsal test runs the very same steps.
//
//   npm run build && node scripts/production-install.mjs /opt/hypercreate
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, run } from './lib.mjs';

/** What the install needs from a built checkout, besides every workspace's package.json. */
export const INSTALL_PATHS = [
  'package.json',
  'package-lock.json',
  // The build: the compiled API (with its operator scripts), the worker, the web app.
  'apps/api/dist',
  'apps/worker/dist',
  'apps/web/dist',
  // Read at run time beside the compiled code.
  'packages/db/migrations',
  'packages/generation/workflows',
  'packages/discord-emulator/src/public',
  // `npm start`, `npm run worker`, `npm run stripe:sync`, `npm run discord:register`.
  'scripts/start.mjs',
  'scripts/worker.mjs',
  'scripts/api-script.mjs',
  'scripts/build-server.mjs',
  'scripts/lib.mjs',
];

/** The command that installs the production dependencies in the laid-out folder. */
export const INSTALL_COMMAND = ['npm', 'ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund'];

/** Every workspace's package.json (npm ci checks them against the lockfile). */
function workspaceManifests() {
  const { workspaces = [] } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const folders = workspaces.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    return readdirSync(path.join(ROOT, parent)).map((name) => `${parent}/${name}`);
  });
  return folders
    .map((folder) => `${folder}/package.json`)
    .filter((file) => existsSync(path.join(ROOT, file)));
}

/** Copies the install's files into `target` and installs; resolves with npm's exit code. */
export async function layOutProductionInstall(target, { stdio = 'inherit' } = {}) {
  const missing = INSTALL_PATHS.filter((entry) => !existsSync(path.join(ROOT, entry)));
  if (missing.length) {
    throw new Error(`Missing ${missing.join(', ')}: run \`npm run build\` first.`);
  }
  for (const entry of [...INSTALL_PATHS, ...workspaceManifests()]) {
    mkdirSync(path.dirname(path.join(target, entry)), { recursive: true });
    cpSync(path.join(ROOT, entry), path.join(target, entry), { recursive: true });
  }
  const [command, ...args] = INSTALL_COMMAND;
  return run(command, args, { cwd: target, stdio });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const target = process.argv[2];
  if (!target) {
    console.error('Usage: node scripts/production-install.mjs <folder>');
    process.exit(2);
  }
  try {
    process.exit(await layOutProductionInstall(path.resolve(target)));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
