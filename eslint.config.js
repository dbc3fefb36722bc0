import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const root = path.dirname(fileURLToPath(import.meta.url));

const INTERNALS =
  'is a library internal: use its documented API (a fast path that needs it is a question for its maintainers)';

/**
 * Libraries through their documented APIs only: no Fastify internals (`fastify/lib/*`, its reply
 * and route symbols), no pino `symbols`, no zod `_zod` members, no Node `_httpMessage`.
 */
export const libraryInternals = {
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [{ name: 'pino', importNames: ['symbols'], message: `pino's \`symbols\` ${INTERNALS}.` }],
        patterns: [{ group: ['fastify/lib', 'fastify/lib/*'], message: `\`fastify/lib/*\` ${INTERNALS}.` }],
      },
    ],
    'no-restricted-syntax': [
      'error',
      { selector: 'Literal[value=/^fastify\\/lib\\/\\w/]', message: `\`fastify/lib/*\` ${INTERNALS}.` },
      {
        selector: 'Identifier[name=/^(kReplyHeaders|kRouteContext)$/]',
        message: `Fastify's symbols ${INTERNALS}.`,
      },
      {
        selector: "MemberExpression[property.name='symbols'][object.name='pino']",
        message: `pino's \`symbols\` ${INTERNALS}.`,
      },
      { selector: "MemberExpression[property.name='_zod']", message: `zod's \`_zod\` ${INTERNALS}.` },
      {
        selector: "MemberExpression[property.name='_httpMessage']",
        message: `Node's \`_httpMessage\` ${INTERNALS}.`,
      },
    ],
  },
};

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
  // Rules that read the types: unhandled or misused promises, `any` leaking into typed code,
  // awaiting what is no promise, and the like.
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: root,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // An async function without `await` is how a Fastify plugin, hook or handler and an
      // implementation of an interface that returns promises are written: the promise is the contract.
      '@typescript-eslint/require-await': 'off',
      // Our interfaces declare callbacks in method shorthand (`onSave(values): void`) and no code
      // relies on `this`, which the rule cannot tell from a class method passed around unbound.
      '@typescript-eslint/unbound-method': 'off',
      // Discord's kinds are discord-api-types enums while our wire schemas parse plain numbers;
      // comparing the two is how an interaction's kind is read.
      '@typescript-eslint/no-unsafe-enum-comparison': 'off',
    },
  },
  { files: ['**/*.{ts,tsx,js,mjs,cjs}'], ...libraryInternals },
  {
    // Tests read answers as they come (`await response.json()` is `any`) and check them with
    // `expect`, which is where a wrong shape fails.
    files: ['**/test/**', '**/*.test.{ts,tsx}', '**/*.e2e.ts', 'e2e/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Plain JavaScript (scripts, configuration, the Discord emulator's page) belongs to no TypeScript
    // project, so it has no types to check against.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
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
