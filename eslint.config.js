import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importBoundaries, { readWorkspaces } from './scripts/eslint/import-boundaries.js';

const root = path.dirname(fileURLToPath(import.meta.url));

// Imports flow one way (DESIGN.md): apps → packages; domain imports nothing of ours; db only domain.
// A workspace missing here may import any workspace it declares as a dependency.
const packages = [
  '@app/domain',
  '@app/db',
  '@app/generation',
  '@app/jobs',
  '@app/stripe-emulator',
  '@app/discord-emulator',
  '@app/emulator-fidelity',
];
const allowed = {
  '@app/domain': [],
  '@app/db': ['@app/domain'],
  '@app/generation': packages,
  // The pipeline: queue, workers and settlement, shared by the API (submit, in-process worker) and apps/worker.
  '@app/jobs': ['@app/domain', '@app/db', '@app/generation'],
  '@app/stripe-emulator': packages,
  '@app/discord-emulator': packages,
  // Test tooling: checks what the emulators hand out against the official types; imports none of ours.
  '@app/emulator-fidelity': [],
  '@app/api': packages,
  '@app/worker': packages,
  // The browser never holds the database, the API or the generation pipeline.
  '@app/web': ['@app/domain'],
};

// Files that still query tables from the API. The data-access move into packages/db repositories
// empties this list; nothing new may join it.
const boundaries = {
  root,
  workspaces: readWorkspaces(root),
  allowed,
  // The embedded default's emulators reach the browser only through a lazy import().
  dynamicOnly: { '@app/web': ['@app/stripe-emulator', '@app/discord-emulator'] },
  onlyIn: {
    // packages/jobs hands drizzle's sql tag to pg-boss so a queue send joins the caller's transaction.
    'drizzle-orm': ['packages/db', 'packages/jobs'],
    'drizzle-kit': ['packages/db'],
    '@app/db/schema': ['packages/db'],
  },
  alias: { workspace: 'apps/web', prefix: '@/', dir: 'apps/web/src' },
  featuresDir: 'apps/web/src/features',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      '.data/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
      'packages/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { local: { rules: { 'import-boundaries': importBoundaries } } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'local/import-boundaries': ['error', boundaries],
    },
  },
  {
    // Promise mistakes need types: an unhandled rejection or a promise passed where a callback's
    // result is ignored fails silently at run time.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: root,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['packages/discord-emulator/src/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
