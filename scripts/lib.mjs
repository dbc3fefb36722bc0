// Small helpers shared by the project's scripts.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * How Node runs the API and the worker, wherever they run (npm start, npm run worker, the image,
 * the benches): source maps for stack traces, and a young generation of 64 MB semi-spaces. A
 * request allocates a few kilobytes that die with it; with Node's default young generation its
 * collector ran so often that it cost about a fifth of a short request's CPU. It costs at most
 * 128 MB more memory.
 */
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--max-semi-space-size=64'];

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command with inherited output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', cwd: ROOT, ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** True when a built file is missing or older than any of its sources (paths from the root). */
export function isStale(builtFile, sources) {
  const built = path.join(ROOT, builtFile);
  if (!existsSync(built)) return true;
  const newestSource = Math.max(...sources.map((source) => newestMtime(path.join(ROOT, source))));
  return newestSource > statSync(built).mtimeMs;
}

/**
 * The Node arguments that run one of the apps' entry points (`apps/api/src/server.ts`,
 * `apps/worker/src/main.ts`, …) in a test's child process: its compiled bundle when that is at
 * least as new as everything it is built from (as `npm test` leaves it, having built once at its
 * start), so a child starts without compiling the sources again; else the source through tsx.
 */
export function entryPointArgs(source) {
  const relative = path.relative(ROOT, path.resolve(ROOT, source));
  const match = /^apps\/([\w-]+)\/src\/([\w/-]+)\.ts$/.exec(relative);
  if (match) {
    const [, app, entry] = match;
    const built = `apps/${app}/dist/${path.basename(entry)}.js`;
    const sources = [`apps/${app}/src`, `apps/${app}/package.json`, 'packages'];
    if (!isStale(built, sources)) return [...SERVER_NODE_FLAGS, path.join(ROOT, built)];
  }
  return ['--import', 'tsx', path.resolve(ROOT, source)];
}

/** True when the web build is missing or older than any of its sources. */
export function webBuildIsStale() {
  return isStale('apps/web/dist/index.html', [
    'apps/web/src',
    'apps/web/index.html',
    'apps/web/public',
    'apps/web/vite.config.ts',
    'packages',
  ]);
}
