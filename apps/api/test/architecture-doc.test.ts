import { readFileSync } from 'node:fs';
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
