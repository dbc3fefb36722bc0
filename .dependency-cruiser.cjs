// The house rules on imports (docs/architecture.md): which workspace may import which, that web features and
// providers stay apart, that business modules never reach into routes, that the web app's layers
// point one way (app/ → features/ → api/ and components/ → lib/), and that there are no import
// cycles, type-only ones included.
// `npm run lint` runs it; scripts/lint-rules.test.mjs plants a violation of each rule.

/** Workspaces by folder; `allowed` lists the folders each may import (besides itself). */
const WORKSPACES = {
  domain: 'packages/domain',
  db: 'packages/db',
  generation: 'packages/generation',
  jobs: 'packages/jobs',
  stripeEmulator: 'packages/stripe-emulator',
  discordEmulator: 'packages/discord-emulator',
  emulatorFidelity: 'packages/emulator-fidelity',
  api: 'apps/api',
  web: 'apps/web',
  worker: 'apps/worker',
};
const W = WORKSPACES;
const PACKAGES = [
  W.domain,
  W.db,
  W.generation,
  W.jobs,
  W.stripeEmulator,
  W.discordEmulator,
  W.emulatorFidelity,
];
const allowed = {
  [W.domain]: [],
  [W.db]: [W.domain],
  [W.generation]: PACKAGES,
  // The pipeline: queue, workers and settlement, shared by the API and apps/worker.
  [W.jobs]: [W.domain, W.db, W.generation],
  [W.stripeEmulator]: PACKAGES,
  [W.discordEmulator]: PACKAGES,
  // Test tooling: checks what the emulators hand out against the official types; imports none of ours.
  [W.emulatorFidelity]: [],
  [W.api]: PACKAGES,
  [W.worker]: PACKAGES,
  // The browser never holds the database, the API or the generation pipeline. The emulators'
  // browser clients arrive only through a dynamic import() on the embedded-default path (below).
  [W.web]: [W.domain],
};
const ALL = Object.values(WORKSPACES);
const path = require('node:path');
const { readFileSync } = require('node:fs');

/** The workspace folders a workspace declares as dependencies in its package.json. */
function declared(dir) {
  const pkg = JSON.parse(readFileSync(path.join(__dirname, dir, 'package.json'), 'utf8'));
  const names = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies, ...pkg.peerDependencies });
  return ALL.filter((other) => {
    const otherPkg = JSON.parse(readFileSync(path.join(__dirname, other, 'package.json'), 'utf8'));
    return names.includes(otherPkg.name);
  });
}
const escapeRegex = (dir) => dir.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
const anyOf = (dirs) => (dirs.length ? `^(${dirs.map(escapeRegex).join('|')})/` : '^$');

const workspaceRules = ALL.map((dir) => ({
  name: `workspace-${dir.split('/')[1]}`,
  comment: `${dir} may import only ${allowed[dir].join(', ') || 'none of our workspaces'}.`,
  severity: 'error',
  from: { path: `^${escapeRegex(dir)}/` },
  to: {
    path: anyOf(ALL.filter((other) => other !== dir && !allowed[dir].includes(other))),
    ...(dir === W.web ? { dependencyTypesNot: ['dynamic-import'] } : {}),
  },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...workspaceRules,
    {
      name: 'web-emulators-dynamic-only',
      comment: 'The web app reaches an emulator only through a dynamic import().',
      severity: 'error',
      from: { path: `^${escapeRegex(W.web)}/` },
      to: {
        path: anyOf(ALL.filter((other) => other !== W.web && other !== W.domain)),
        dependencyTypes: ['dynamic-import'],
        pathNot: anyOf([W.stripeEmulator, W.discordEmulator].filter((d) => declared(W.web).includes(d))),
      },
    },
    {
      name: 'packages-never-import-apps',
      comment: 'Packages are shared by the apps; an app is never a dependency of a package.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'workspace-by-name',
      comment: 'A workspace imports another by its package name (and declares it), never by relative path.',
      severity: 'error',
      from: { path: '^(apps|packages)/([^/]+)/' },
      to: {
        path: '^(apps|packages|e2e|bench|scripts)/',
        pathNot: ['^$1/$2/', '^node_modules/'],
        dependencyTypesNot: ['aliased-workspace'],
      },
    },
    {
      name: 'declared-dependency',
      comment: 'A workspace imports only packages it or the root package.json declares.',
      severity: 'error',
      from: { path: '^(apps|packages)/' },
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'drizzle-in-db',
      comment: 'Only packages/db touches drizzle (packages/jobs hands its sql tag to pg-boss).',
      severity: 'error',
      from: { path: '^(apps|packages)/', pathNot: '^packages/(db|jobs)/' },
      to: { path: '^node_modules/drizzle-(orm|kit)/' },
    },
    {
      name: 'schema-in-db',
      comment: 'The table schema is read only inside packages/db; others use its repositories.',
      severity: 'error',
      from: { path: '^(apps|packages)/', pathNot: '^packages/db/' },
      to: { path: '^packages/db/src/schema/' },
    },
    {
      name: 'web-feature-isolation',
      comment: 'A web feature never imports another feature; pages compose them.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-nothing-imports-app',
      comment:
        'app/ holds the router and start-up; features, components and lib never import it (tests may render the router).',
      severity: 'error',
      from: {
        path: '^apps/web/src/(features|components|api|lib|config)/',
        pathNot: '\\.test\\.tsx?$',
      },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'web-components-hold-no-data',
      comment:
        'components/ holds UI pieces with no API calls: they get data and the way to the server as props; tests may wire the real data layer.',
      severity: 'error',
      from: { path: '^apps/web/src/components/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^apps/web/src/(api|features|lib/store)/' },
    },
    {
      name: 'web-api-below-ui',
      comment: 'api/ is the data layer shared by features: it never imports UI (components/ or features/).',
      severity: 'error',
      from: { path: '^apps/web/src/api/' },
      to: { path: '^apps/web/src/(components|features)/' },
    },
    {
      name: 'web-lib-below-all',
      comment: 'lib/ is the plumbing under everything: it imports no data layer, UI or feature.',
      severity: 'error',
      from: { path: '^apps/web/src/lib/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^apps/web/src/(api|components|features)/' },
    },
    {
      name: 'providers-apart',
      comment: 'A provider never imports another; what two share lives in providers/shared/.',
      severity: 'error',
      from: { path: '^packages/generation/src/providers/([^/]+)/' },
      to: {
        path: '^packages/generation/src/providers/',
        pathNot: ['^packages/generation/src/providers/$1/', '^packages/generation/src/providers/shared/'],
      },
    },
    {
      name: 'modules-never-import-routes',
      comment: 'Business modules are called by routes, never the other way round.',
      severity: 'error',
      from: { path: '^apps/api/src/modules/' },
      to: { path: '^apps/api/src/routes/' },
    },
    {
      name: 'resolvable',
      comment: "Every import resolves (a package's unexported inside, a typo, a file that moved).",
      severity: 'error',
      from: { path: '^(apps|packages)/' },
      to: { couldNotResolve: true },
    },
    {
      name: 'no-cycles',
      comment: 'No import cycles, type-only imports included.',
      severity: 'error',
      from: { path: '^(apps|packages)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|dist-ssr)/' },
    // Type-only imports count: a type cycle still ties two modules together.
    tsPreCompilationDeps: true,
    // The web app's `@/` alias comes from its tsconfig's paths.
    tsConfig: { fileName: path.join(__dirname, 'apps/web/tsconfig.json') },
    // Tools the root declares (vitest, playwright, typescript) serve every workspace.
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
