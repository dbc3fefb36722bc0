// The house rules really fail: each planted mistake below makes `npm run lint` report an error
// from the rule that guards it, and the clean version of the same file passes.
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkSteps } from './check.mjs';
import { ROOT } from './lib.mjs';
import { scratchCopy } from './scratch-copy.mjs';

const PROBE = `lint-probe-${process.pid}`;

/**
 * Planted files, each with the rules dependency-cruiser must report for it (none for a clean one).
 * They live beside real code because the rules are about where a file sits: in a scratch copy of the
 * project, never in the working tree; all are cruised in one run.
 */
const probes = [
  {
    name: 'a feature importing its own pieces, shared ones and the domain',
    file: `apps/web/src/features/purchases/components/${PROBE}-clean.ts`,
    code: [
      "import { formatCredits } from '@app/domain';",
      "import { Button } from '@/components/ui/index.ts';",
      "import { TierCard } from './tier-card.tsx';",
      "export const load = () => import('@app/stripe-emulator/browser');",
      'export const probe = [formatCredits, Button, TierCard];',
    ],
    rules: [],
  },
  {
    name: 'a feature importing another feature by alias',
    file: `apps/web/src/features/purchases/components/${PROBE}-alias.ts`,
    code: ["export { EmailModal } from '@/features/dashboard/components/email-modal.tsx';"],
    rules: ['web-feature-isolation'],
  },
  {
    name: 'a feature importing another feature by relative path',
    file: `apps/web/src/features/purchases/components/${PROBE}-relative.ts`,
    code: ["export { EmailModal } from '../../dashboard/components/email-modal.tsx';"],
    rules: ['web-feature-isolation'],
  },
  {
    name: 'the web app importing the database package',
    file: `apps/web/src/components/${PROBE}-db.ts`,
    code: ["export { createDatabase } from '@app/db';"],
    rules: ['workspace-web'],
  },
  {
    name: 'the web app importing an emulator statically',
    file: `apps/web/src/components/${PROBE}-emulator.ts`,
    code: ["export { createEmulatorClient } from '@app/stripe-emulator/browser';"],
    rules: ['workspace-web'],
  },
  {
    name: 'the domain importing another of our packages',
    file: `packages/domain/src/${PROBE}-db.ts`,
    code: ["export { createDatabase } from '@app/db';"],
    rules: ['workspace-domain'],
  },
  {
    name: 'a package importing an app',
    file: `packages/generation/src/${PROBE}-app.ts`,
    code: ["export { buildApp } from '../../../apps/api/src/app.ts';"],
    rules: ['packages-never-import-apps', 'workspace-by-name', 'workspace-generation'],
  },
  {
    name: 'a test reaching into another workspace by relative path',
    file: `apps/web/src/features/changelog/${PROBE}-leave.ts`,
    code: ["export { default } from '../../../../../e2e/playwright.config.ts';"],
    rules: ['workspace-by-name'],
  },
  {
    name: 'an undeclared package',
    file: `apps/web/src/components/${PROBE}-undeclared.ts`,
    code: ["export { WebSocket } from 'ws';"],
    rules: ['declared-dependency'],
  },
  {
    name: 'drizzle outside packages/db',
    file: `apps/api/src/modules/${PROBE}-drizzle.ts`,
    code: ["export { eq } from 'drizzle-orm';"],
    rules: ['drizzle-in-db'],
  },
  {
    name: 'the table schema outside packages/db',
    file: `packages/jobs/src/${PROBE}-schema.ts`,
    code: ["export * from '../../db/src/schema/index.ts';"],
    rules: ['schema-in-db', 'workspace-by-name'],
  },
  {
    name: "a package's unexported inside",
    file: `apps/api/src/modules/${PROBE}-unexported.ts`,
    code: ["export * from '@app/db/schema';"],
    rules: ['resolvable'],
  },
  {
    name: 'a feature importing the app',
    file: `apps/web/src/features/studio/${PROBE}-app.ts`,
    code: ["export { routes } from '@/app/router.tsx';"],
    rules: ['web-nothing-imports-app'],
  },
  {
    name: 'a shared piece importing the app',
    file: `apps/web/src/lib/${PROBE}-app.ts`,
    code: ["export { routes } from '../app/router.tsx';"],
    rules: ['web-nothing-imports-app'],
  },
  {
    name: 'a shared UI piece calling the data layer',
    file: `apps/web/src/components/job-card/${PROBE}-api.ts`,
    code: ["export { jobService } from '@/api/jobs.ts';"],
    rules: ['web-components-hold-no-data'],
  },
  {
    name: 'a shared UI piece reaching into the store',
    file: `apps/web/src/components/${PROBE}-store.ts`,
    code: ["export { baseApi } from '../lib/store/base-api.ts';"],
    rules: ['web-components-hold-no-data'],
  },
  {
    name: 'a shared UI piece importing a feature',
    file: `apps/web/src/components/${PROBE}-feature.ts`,
    code: ["export { EmailModal } from '@/features/dashboard/components/email-modal.tsx';"],
    rules: ['web-components-hold-no-data'],
  },
  {
    name: 'the data layer importing UI',
    file: `apps/web/src/api/${PROBE}-ui.ts`,
    code: ["export { JobCard } from '@/components/job-card/index.ts';"],
    rules: ['web-api-below-ui'],
  },
  {
    name: 'the data layer importing a feature',
    file: `apps/web/src/api/${PROBE}-feature.ts`,
    code: ["export { EmailModal } from '../features/dashboard/components/email-modal.tsx';"],
    rules: ['web-api-below-ui'],
  },
  {
    name: 'the data layer importing the app',
    file: `apps/web/src/api/${PROBE}-app.ts`,
    code: ["export { routes } from '@/app/router.tsx';"],
    rules: ['web-nothing-imports-app'],
  },
  {
    name: 'plumbing importing the data layer',
    file: `apps/web/src/lib/${PROBE}-api.ts`,
    code: ["export { jobService } from '@/api/jobs.ts';"],
    rules: ['web-lib-below-all'],
  },
  {
    name: 'a feature wiring the data layer into shared UI',
    file: `apps/web/src/features/studio/${PROBE}-wiring.ts`,
    code: [
      "import { jobService } from '@/api/jobs.ts';",
      "import { JobCard } from '@/components/job-card/index.ts';",
      "import { isOwnPath } from '@/lib/own-path.ts';",
      'export const probe = [jobService, JobCard, isOwnPath];',
    ],
    rules: [],
  },
  {
    name: 'a provider importing another provider',
    file: `packages/generation/src/providers/comfyui/${PROBE}-sibling.ts`,
    code: ["export { createA1111Provider } from '../a1111/index.ts';"],
    rules: ['providers-apart'],
  },
  {
    name: 'a provider importing the shared helpers',
    file: `packages/generation/src/providers/comfyui/${PROBE}-shared.ts`,
    code: ["export { answers } from '../shared/http.ts';"],
    rules: [],
  },
  {
    name: 'a module importing a route',
    file: `apps/api/src/modules/gifts/${PROBE}-route.ts`,
    code: ["export * from '../../routes/media.ts';"],
    rules: ['modules-never-import-routes'],
  },
];

/** Two files that import only types from each other: still a cycle. */
const cycle = [
  {
    file: `packages/domain/src/${PROBE}-cycle-a.ts`,
    code: [`import type { B } from './${PROBE}-cycle-b.ts';`, 'export type A = { b?: B };'],
  },
  {
    file: `packages/domain/src/${PROBE}-cycle-b.ts`,
    code: [`import type { A } from './${PROBE}-cycle-a.ts';`, 'export type B = { a?: A };'],
  },
];
const planted = [...probes, ...cycle];

/** Rule names dependency-cruiser reports, per planted file. */
let reported;

beforeAll(async () => {
  const copy = scratchCopy();
  try {
    for (const probe of planted) {
      mkdirSync(path.dirname(path.join(copy.dir, probe.file)), { recursive: true });
      writeFileSync(path.join(copy.dir, probe.file), probe.code.join('\n') + '\n');
    }
    const { stdout } = await promisify(execFile)(
      path.join(copy.dir, 'node_modules/.bin/depcruise'),
      [...planted.map((p) => p.file), '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
      { cwd: copy.dir, maxBuffer: 64 * 1024 * 1024 },
    ).catch((error) => error); // it exits non-zero when it finds violations
    reported = new Map();
    for (const violation of JSON.parse(stdout).summary.violations) {
      const rules = reported.get(violation.from) ?? new Set();
      rules.add(violation.rule.name);
      reported.set(violation.from, rules);
    }
  } finally {
    copy.remove();
  }
}, 120_000);

describe('dependency-cruiser house rules', () => {
  it.each(probes)('$name → $rules', ({ file, rules }) => {
    expect([...(reported.get(file) ?? [])].sort()).toEqual(rules);
  });

  it('fails a cycle of type-only imports', () => {
    const rules = cycle.flatMap(({ file }) => [...(reported.get(file) ?? [])]);
    expect(new Set(rules)).toEqual(new Set(['no-cycles']));
  });

  it('runs as part of npm run lint and npm run check', async () => {
    const { readFile } = await import('node:fs/promises');
    const pkg = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.scripts.lint).toBe('node scripts/check.mjs --lint');
    const rules = checkSteps().find((step) => path.basename(step.command) === 'depcruise');
    expect(rules).toMatchObject({
      lint: true,
      args: ['apps', 'packages', '--config', '.dependency-cruiser.cjs'],
    });
  });
});

/**
 * ESLint's errors for `code` as if it were `file`: rules that need types or care where a file sits
 * need a real file of the project, and the probe stands in for its text.
 */
let eslint;
const errorsOf = async (file, code) => {
  eslint ??= new ESLint({ cwd: ROOT });
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result.messages.filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
};

describe('promises', () => {
  const FILE = 'apps/web/src/features/purchases/components/tier-card.tsx';

  it('fails a floating promise and passes a handled one', async () => {
    const floating = "export function save() {\n  navigator.clipboard.writeText('x');\n}\n";
    expect(await errorsOf(FILE, floating)).toEqual([
      expect.stringMatching(/^@typescript-eslint\/no-floating-promises/),
    ]);
    const handled = "export function save() {\n  void navigator.clipboard.writeText('x');\n}\n";
    expect(await errorsOf(FILE, handled)).toEqual([]);
  });
});

describe('requests in UI code', () => {
  const request =
    "export const load = () => fetch('/api/health');\nexport const live = () => new EventSource('/x');\n";

  it.each([
    'apps/web/src/components/ui/button.tsx',
    'apps/web/src/features/purchases/components/tier-card.tsx',
    'apps/web/src/features/studio/routes/studio.tsx',
  ])('fails fetch and EventSource in %s', async (file) => {
    expect(await errorsOf(file, request)).toEqual([
      expect.stringMatching(/^no-restricted-globals: .*No fetch in UI code/),
      expect.stringMatching(/^no-restricted-globals: .*No EventSource in UI code/),
    ]);
  });

  it.each(['apps/web/src/api/jobs.ts', 'apps/web/src/features/admin-tools/api/job-queue.ts'])(
    'allows them in the data layer: %s',
    async (file) => {
      expect(await errorsOf(file, request)).toEqual([]);
    },
  );
});
