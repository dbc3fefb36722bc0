import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const root = path.dirname(fileURLToPath(import.meta.url));

// Import boundaries and cycles are dependency-cruiser's (.dependency-cruiser.cjs).
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
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
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
    // CommonJS configuration files (dependency-cruiser reads only CommonJS or JSON).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
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
  {
    // Requests live in the data layer (src/api/ and a feature's own api/): UI code asks it.
    files: ['apps/web/src/{components,features}/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/features/*/api/**', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['fetch', 'EventSource', 'XMLHttpRequest', 'WebSocket'].map((name) => ({
          name,
          message: `No ${name} in UI code: the request belongs in src/api/ or the feature's api/.`,
        })),
      ],
    },
  },
);
