// The lint rules that guard the design's boundaries really fail: each planted mistake below makes
// `npm run lint` report an error, and the clean version of the same file passes.
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './lib.mjs';

let eslint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/**
 * The errors ESLint reports for `code` as if it were the content of `file`. Type-aware rules need a
 * file their TypeScript project holds, so each probe stands in for an existing file's text.
 */
async function errorsOf(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result.messages.filter((message) => message.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

const PURCHASES_FILE = 'apps/web/src/features/purchases/components/tier-card.tsx';

describe('web app boundaries', () => {
  it('passes a feature file that imports its own pieces, shared ones and the domain', async () => {
    const code = [
      "import { formatCredits } from '@app/domain';",
      "import { Button } from '@/components/ui/index.ts';",
      "import { useCurrentUserQuery } from '@/lib/auth/get-current-user.ts';",
      "import { AddressFields } from './address-fields.tsx';",
      'export const probe = [formatCredits, Button, useCurrentUserQuery, AddressFields];',
      '',
    ].join('\n');
    expect(await errorsOf(PURCHASES_FILE, code)).toEqual([]);
  });

  it('fails a feature that imports another feature, by alias or by relative path', async () => {
    for (const specifier of [
      '@/features/dashboard/components/email-modal.tsx',
      '../../dashboard/components/email-modal.tsx',
    ]) {
      const errors = await errorsOf(
        PURCHASES_FILE,
        `import { EmailModal } from '${specifier}';\nexport { EmailModal };\n`,
      );
      expect(errors).toEqual([
        expect.stringMatching(/purchases feature may not import the dashboard feature/),
      ]);
    }
  });

  it('fails the web app importing the database package', async () => {
    const errors = await errorsOf(
      PURCHASES_FILE,
      "import { createDatabase } from '@app/db';\nexport { createDatabase };\n",
    );
    expect(errors).toEqual([expect.stringMatching(/@app\/web may not import @app\/db/)]);
  });

  it('lets the Stripe emulator in only through a dynamic import', async () => {
    const dynamic = "export const load = () => import('@app/stripe-emulator/browser');\n";
    expect(await errorsOf(PURCHASES_FILE, dynamic)).toEqual([]);
    const errors = await errorsOf(
      PURCHASES_FILE,
      "export { createEmulatorClient } from '@app/stripe-emulator/browser';\n",
    );
    expect(errors).toEqual([
      expect.stringMatching(/may not import @app\/stripe-emulator except through a dynamic import/),
    ]);
  });

  it('fails a test that reaches into another workspace by relative path', async () => {
    const errors = await errorsOf(
      'apps/web/src/features/changelog/lib/sanitize-for-display.test.ts',
      "import { test } from '../../../../../../e2e/playwright.config.ts';\nexport { test };\n",
    );
    expect(errors).toEqual([expect.stringMatching(/relative import may not leave @app\/web/)]);
  });
});

describe('promises', () => {
  it('fails a floating promise and passes a handled one', async () => {
    const floating = "export function save() {\n  fetch('/api/health');\n}\n";
    expect(await errorsOf(PURCHASES_FILE, floating)).toEqual([
      expect.stringMatching(/^@typescript-eslint\/no-floating-promises/),
    ]);
    const handled = "export function save() {\n  void fetch('/api/health');\n}\n";
    expect(await errorsOf(PURCHASES_FILE, handled)).toEqual([]);
  });
});

describe('database access', () => {
  it('keeps drizzle and the table schema inside packages/db', async () => {
    const file = 'apps/api/src/app.ts';
    for (const specifier of ['drizzle-orm', '@app/db/schema']) {
      const errors = await errorsOf(file, `import * as probe from '${specifier}';\nexport { probe };\n`);
      expect(errors).toEqual([expect.stringMatching(/is only imported inside packages\/db/)]);
    }
    const inside = await errorsOf(
      'packages/db/src/client.ts',
      "import { eq } from 'drizzle-orm';\nexport { eq };\n",
    );
    expect(inside).toEqual([]);
  });

  it('keeps the domain free of our other packages', async () => {
    const errors = await errorsOf(
      'packages/domain/src/display.ts',
      "import { createDatabase } from '@app/db';\nexport { createDatabase };\n",
    );
    expect(errors).toEqual([expect.stringMatching(/@app\/domain may not import @app\/db/)]);
  });
});
