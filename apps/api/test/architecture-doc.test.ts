import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { registeredRoutes, routeTableMarkdown, withRouteTable } from './route-table.ts';

const read = (file: string) => readFileSync(new URL(`../../../${file}`, import.meta.url), 'utf8');

describe('docs/architecture.md', () => {
  it('lists exactly the routes the API registers (npm run docs:routes rewrites the table)', async () => {
    const document = read('docs/architecture.md');
    const rows = await registeredRoutes();
    expect(rows.map((row) => `${row.method} ${row.url}`)).toContain('POST /api/payment/webhook');
    expect(document).toBe(withRouteTable(document, routeTableMarkdown(rows)));
  }, 60_000);

  it('names only files and folders that exist (from the root, apps/api/src or apps/web)', () => {
    const prose = read('docs/architecture.md').split('<!-- route table')[0]!;
    const paths = [...prose.matchAll(/`([\w.-]+(?:\/[\w.[\]-]+)+\/?)`/g)].map(([, path]) => path!);
    expect(paths).toContain('plugins/security.ts');
    const exists = (path: string) =>
      ['', 'apps/api/src/', 'apps/web/'].some((base) =>
        existsSync(new URL(`../../../${base}${path}`, import.meta.url)),
      );
    expect(paths.filter((path) => !exists(path))).toEqual([]);
  });

  it('says how jobs are claimed and in which order the hooks run', () => {
    const document = read('docs/architecture.md');
    expect(document).not.toMatch(/pg-boss fetch/);
    expect(document).toMatch(/claimed with our own SQL/);
    // The stages in the order Fastify runs them.
    const stages = [
      '`onRequest`, the app',
      '`onRequest`, the route',
      '`preValidation`',
      '`preHandler`',
      '`onSend`',
      '`onResponse`',
    ];
    const at = stages.map((stage) => document.indexOf(stage));
    expect(at.every((index) => index > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it('is linked from the README', () => {
    expect(read('README.md')).toContain('(docs/architecture.md)');
  });
});

describe('withRouteTable', () => {
  it('replaces only what lies between the markers, and refuses a document without them', () => {
    const document = [
      'before',
      '<!-- route table: npm run docs:routes -->',
      'old',
      '<!-- end of route table -->',
      'after',
    ].join('\n');
    expect(withRouteTable(document, 'new')).toBe(
      [
        'before',
        '<!-- route table: npm run docs:routes -->',
        '',
        'new',
        '',
        '<!-- end of route table -->',
        'after',
      ].join('\n'),
    );
    expect(() => withRouteTable('no markers', 'new')).toThrow('no route table markers');
  });
});
