// `npm run check`: what must hold before a change lands, and what CI runs first — the typecheck
// (TypeScript project references, `tsc -b`, incremental), ESLint with types, the import rules
// (dependency-cruiser) and formatting (Prettier). Every step runs, two at a time, and each one's
// output is printed whole when it ends, with its duration; the exit code is non-zero when any fails.
//
//   node scripts/check.mjs                 everything
//   node scripts/check.mjs --lint          ESLint, the import rules and formatting only (`npm run lint`)
//   node scripts/check.mjs packages/db …   only these workspaces (their typecheck builds what they import)
import { spawn } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './lib.mjs';

const bin = (name) => path.join(ROOT, 'node_modules/.bin', name);

/** The steps for the given workspace folders (all of them when none is given). */
export function checkSteps(folders = []) {
  const some = folders.length > 0;
  return [
    { name: 'typecheck', lint: false, command: bin('tsc'), args: ['-b', ...folders] },
    { name: 'eslint', lint: true, command: bin('eslint'), args: some ? folders : ['.'] },
    {
      name: 'import rules',
      lint: true,
      command: bin('depcruise'),
      args: [...(some ? folders : ['apps', 'packages']), '--config', '.dependency-cruiser.cjs'],
    },
    {
      name: 'formatting',
      lint: true,
      command: bin('prettier'),
      args: ['--check', ...(some ? folders : ['.'])],
    },
  ];
}

function runCaptured({ command, args }) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, FORCE_COLOR: '0' } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => (output += `${error.message}\n`));
    child.on('close', (code, signal) =>
      resolve({ code: code ?? (signal ? 1 : 0), output, seconds: (performance.now() - started) / 1000 }),
    );
  });
}

/** Runs the steps, `width` at a time; prints each as it ends; resolves true when all passed. */
export async function runChecks(steps, width = 2) {
  const started = performance.now();
  const queue = [...steps];
  const results = [];
  const lane = async () => {
    for (let step = queue.shift(); step; step = queue.shift()) {
      const result = await runCaptured(step);
      results.push({ step, ...result });
      const mark = result.code === 0 ? '✓' : '✗';
      process.stdout.write(`\n${mark} ${step.name} (${result.seconds.toFixed(1)} s)\n${result.output}`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, steps.length) }, lane));
  const failed = results.filter((r) => r.code !== 0).map((r) => r.step.name);
  const total = ((performance.now() - started) / 1000).toFixed(1);
  if (failed.length > 0) console.log(`\n✗ check failed: ${failed.join(', ')} (${total} s)`);
  else console.log(`\n✓ check passed (${total} s)`);
  return failed.length === 0;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const lintOnly = args.includes('--lint');
  const folders = args.filter((arg) => !arg.startsWith('--'));
  const steps = checkSteps(folders).filter((step) => !lintOnly || step.lint);
  process.exit((await runChecks(steps)) ? 0 : 1);
}
