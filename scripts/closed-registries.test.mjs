// Registries the compiler closes: in a scratch copy of the project, taking a case out of the web's
// switch over the ledger's entry kinds, or a handler out of the general commands' table, fails the
// typecheck, naming what is missing, and nothing else. The working tree is never touched.
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { scratchCopy } from './scratch-copy.mjs';

const ENTRY_WORDS = 'apps/web/src/components/credit-history/entry-words.ts';
const HANDLERS = 'apps/api/src/modules/discord/handlers/index.ts';
let copy;

/** Typechecks the two registries (and what they import) in the copy: exit code and output. */
function typecheck() {
  return promisify(execFile)(
    path.join(copy.dir, 'node_modules/.bin/tsc'),
    ['-p', 'tsconfig.registries.json'],
    { cwd: copy.dir, maxBuffer: 16 * 1024 * 1024 },
  ).then(
    (done) => ({ code: 0, output: done.stdout + done.stderr }),
    (error) => ({ code: error.code, output: `${error.stdout}${error.stderr}` }),
  );
}

/** Runs the typecheck with files edited, then puts them back. */
async function typecheckWith(edits) {
  const originals = new Map();
  for (const [file, edit] of Object.entries(edits)) {
    const full = path.join(copy.dir, file);
    const original = readFileSync(full, 'utf8');
    const edited = edit(original);
    expect(edited).not.toBe(original);
    originals.set(full, original);
    writeFileSync(full, edited);
  }
  try {
    return await typecheck();
  } finally {
    for (const [full, original] of originals) writeFileSync(full, original);
  }
}

beforeAll(() => {
  copy = scratchCopy();
  writeFileSync(
    path.join(copy.dir, 'tsconfig.registries.json'),
    JSON.stringify({
      extends: './tsconfig.base.json',
      compilerOptions: {
        noEmit: true,
        composite: false,
        incremental: false,
        declaration: false,
        emitDeclarationOnly: false,
        types: ['node'],
      },
      // The session plugin declares what it adds to Fastify's requests, which the handlers use.
      files: ['apps/api/src/plugins/session.ts', ENTRY_WORDS, HANDLERS],
    }),
  );
});

afterAll(() => copy?.remove());

// Both mistakes in one run (each names its own file), so the test pays for one typecheck, not two;
// the run's only errors are those two, so the project as it is typechecks.
it('fails when the web forgets a kind of ledger entry, and when a general command loses its handler', async () => {
  const result = await typecheckWith({
    [ENTRY_WORDS]: (text) => text.replace("    case 'adminEdit':\n      return 'Changed by an admin';\n", ''),
    [HANDLERS]: (text) => text.replace('  remlora,\n', ''),
  });
  expect(result.code).not.toBe(0);
  expect(result.output).toMatch(/entry-words\.ts\(\d+,\d+\): error TS2345: .*"adminEdit"/);
  expect(result.output).toMatch(
    /handlers\/index\.ts\(\d+,\d+\): error TS2741: Property 'remlora' is missing/,
  );
  const errors = result.output.split('\n').filter((line) => /: error TS\d+:/.test(line));
  expect(errors).toHaveLength(2);
});
