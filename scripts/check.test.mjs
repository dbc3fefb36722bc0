// The gate gates: in a scratch copy of the project, the check CI runs (`node scripts/check.mjs`,
// narrowed to one small workspace to stay quick) fails on a planted type error, and fails on a
// planted import cycle — each time in the step that guards it, while every other step passes (so
// between the two runs each step is seen passing on the project as it is). The working tree is
// never touched.
import { execFile } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSteps } from './check.mjs';
import { ROOT } from './lib.mjs';
import { scratchCopy } from './scratch-copy.mjs';

const WORKSPACE = 'packages/emulator-fidelity';
let copy;

/** Runs the check in the copy; its exit code and everything it printed. */
async function check() {
  const result = await promisify(execFile)(process.execPath, ['scripts/check.mjs', WORKSPACE], {
    cwd: copy.dir,
    maxBuffer: 64 * 1024 * 1024,
  }).then(
    (done) => ({ code: 0, output: done.stdout + done.stderr }),
    (error) => ({ code: error.code, output: `${error.stdout}${error.stderr}` }),
  );
  const passed = (step) => result.output.includes(`\n✓ ${step} (`);
  const failed = (step) => result.output.includes(`\n✗ ${step} (`);
  return { ...result, passed, failed };
}

/** Writes files into the copy, runs the check, then removes them again. */
async function checkWith(files) {
  for (const [file, lines] of Object.entries(files)) {
    writeFileSync(path.join(copy.dir, WORKSPACE, file), lines.join('\n') + '\n');
  }
  try {
    return await check();
  } finally {
    for (const file of Object.keys(files)) rmSync(path.join(copy.dir, WORKSPACE, file));
  }
}

beforeAll(() => {
  copy = scratchCopy();
});

afterAll(() => copy?.remove());

describe('npm run check', () => {
  it('is what CI runs, and runs the typecheck, ESLint, the import rules and formatting', () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.scripts.check).toBe('node scripts/check.mjs');
    expect(readFileSync(path.join(ROOT, '.ci/run'), 'utf8')).toMatch(/^\s*step check npm run check$/m);
    const commands = checkSteps().map((step) => [path.basename(step.command), ...step.args].join(' '));
    expect(commands).toEqual([
      'tsc -b',
      'eslint .',
      'depcruise apps packages --config .dependency-cruiser.cjs',
      'prettier --check .',
    ]);
  });

  it('fails on a type error, in the typecheck', async () => {
    const result = await checkWith({
      'src/planted-type-error.ts': ["export const count: number = 'three';"],
    });
    expect(result.code).not.toBe(0);
    expect(result.failed('typecheck')).toBe(true);
    expect(result.output).toMatch(/planted-type-error\.ts\(1,14\): error TS2322/);
    expect(result.passed('import rules')).toBe(true);
    expect(result.output).toContain('✗ check failed: typecheck');
  });

  it('fails on an import cycle, in the import rules', async () => {
    const result = await checkWith({
      'src/planted-cycle-a.ts': [
        "import type { B } from './planted-cycle-b.ts';",
        '',
        'export type A = { b?: B };',
      ],
      'src/planted-cycle-b.ts': [
        "import type { A } from './planted-cycle-a.ts';",
        '',
        'export type B = { a?: A };',
      ],
    });
    expect(result.code).not.toBe(0);
    expect(result.failed('import rules')).toBe(true);
    expect(result.output).toMatch(/no-cycles: .*planted-cycle-a\.ts/);
    expect(result.passed('typecheck')).toBe(true);
    expect(result.passed('eslint')).toBe(true);
    expect(result.passed('formatting')).toBe(true);
    expect(result.output).toContain('✗ check failed: import rules');
  });
});
