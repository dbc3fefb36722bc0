// Libraries' internals stay out: a file planted in a temporary folder (never the working tree) that
// reaches for one fails ESLint under the rule the project's configuration applies to its sources,
// and the same code through the documented APIs passes.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { libraryInternals } from '../eslint.config.js';
import { ROOT } from './lib.mjs';

const folder = mkdtempSync(path.join(tmpdir(), 'library-internals-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** ESLint over a file of that folder with the project's rule for library internals. */
async function lint(name, lines) {
  const file = path.join(folder, name);
  writeFileSync(file, lines.join('\n') + '\n');
  const eslint = new ESLint({
    cwd: folder,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
      { files: ['**/*.ts'], ...libraryInternals },
    ],
  });
  const [result] = await eslint.lintFiles([file]);
  return result;
}

const planted = [
  ['a Fastify internal imported', ["import symbols from 'fastify/lib/symbols.js';", 'export { symbols };']],
  [
    'a Fastify internal required',
    [
      "import { createRequire } from 'node:module';",
      "export const own = createRequire(import.meta.url)('fastify/lib/symbols.js');",
    ],
  ],
  ["Fastify's reply symbol", ['declare const kReplyHeaders: symbol;', 'export const key = kReplyHeaders;']],
  ["Fastify's route symbol", ['declare const kRouteContext: symbol;', 'export const key = kRouteContext;']],
  [
    "pino's symbols imported",
    ["import { symbols } from 'pino';", 'export const stream = symbols.streamSym;'],
  ],
  ["pino's symbols read", ["import pino from 'pino';", 'export const stream = pino.symbols.streamSym;']],
  ["a zod schema's _zod member", ["import { z } from 'zod';", 'export const run = z.string()._zod.run;']],
  [
    "a socket's _httpMessage",
    [
      "import type { Socket } from 'node:net';",
      'export const answer = (socket: Socket & { _httpMessage?: unknown }) => socket._httpMessage;',
    ],
  ],
];

describe('the rule against library internals', () => {
  it.each(planted)('fails %s', async (_name, lines) => {
    const result = await lint(`planted-${planted.findIndex(([, l]) => l === lines)}.ts`, lines);
    expect(result.errorCount).toBeGreaterThan(0);
    expect(result.messages.map((message) => message.ruleId)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^no-restricted-(imports|syntax)$/)]),
    );
    expect(result.messages.every((message) => /library internal/.test(message.message))).toBe(true);
  });

  it('passes the same work through the documented APIs', async () => {
    const result = await lint('clean.ts', [
      "import Fastify from 'fastify';",
      "import pino from 'pino';",
      "import { safeEncode } from 'zod/v4/core';",
      "import { z } from 'zod';",
      'const app = Fastify({ loggerInstance: pino() });',
      "app.addHook('onRequest', (request, reply, done) => {",
      "  reply.headers({ 'x-frame-options': 'DENY' });",
      '  done(request.routeOptions.config ? undefined : undefined);',
      '});',
      'export const encoded = safeEncode(z.string(), "x");',
    ]);
    expect(result.messages).toEqual([]);
  });

  it("is part of the project's configuration for every source file", async () => {
    const eslint = new ESLint({ cwd: ROOT });
    // ESLint reports a rule's severity as a number: 'error' is 2.
    const asError = ([, ...options]) => [2, ...options];
    for (const file of [
      'apps/api/src/app.ts',
      'packages/jobs/src/metrics.ts',
      'bench/run.ts',
      'scripts/start.mjs',
    ]) {
      const config = await eslint.calculateConfigForFile(path.join(ROOT, file));
      expect(config.rules['no-restricted-imports'], file).toEqual(
        asError(libraryInternals.rules['no-restricted-imports']),
      );
      expect(config.rules['no-restricted-syntax'], file).toEqual(
        asError(libraryInternals.rules['no-restricted-syntax']),
      );
    }
  });
});
