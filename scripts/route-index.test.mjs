import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_INDEX, routeIndexSource } from './route-index.mjs';

function tree(files) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'routes-'));
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), source);
  }
  return dir;
}

describe('the route index', () => {
  it('is up to date with the files under apps/api/src/routes (npm run routes:index)', () => {
    expect(readFileSync(ROUTE_INDEX, 'utf8')).toBe(routeIndexSource());
  });

  it("gives each module its folder as prefix; a folder's index.ts stands for the whole folder", () => {
    const source = routeIndexSource(
      tree({
        'index.ts': 'export const ROUTE_MODULES = [];',
        'metrics.ts': 'export const metricsRoutes = async () => {};',
        'api/payment/gifts.ts': 'export const paymentGiftRoutes = async () => {};',
        'api/payment/gifts.test.ts': 'export const notRoutes = 1;',
        'api/auth/index.ts': 'export async function authRoutes() {}',
        'api/auth/local.ts': 'export const localSignInRoutes = async () => {};',
      }),
    );
    expect(source).toContain("{ file: 'api/auth/index.ts', prefix: '/api/auth', plugin: authRoutes },");
    expect(source).toContain(
      "{ file: 'api/payment/gifts.ts', prefix: '/api/payment', plugin: paymentGiftRoutes },",
    );
    expect(source).toContain("{ file: 'metrics.ts', prefix: '', plugin: metricsRoutes },");
    expect(source).not.toContain('localSignInRoutes');
    expect(source).not.toContain('notRoutes');
    expect(source).not.toContain("file: 'index.ts'");
  });

  it('refuses a module that does not export exactly one …Routes plugin', () => {
    expect(() => routeIndexSource(tree({ 'stray.ts': 'export const helper = 1;' }))).toThrow(
      'routes/stray.ts must export exactly one plugin named …Routes (found 0)',
    );
  });
});
