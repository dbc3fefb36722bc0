import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '@app/db/testing';
import type { RouteOptions } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadSettings } from '../src/settings.ts';

/** The sign-in setups whose routes differ: Discord's OAuth, or the embedded default's local sign-in. */
const SETUPS: [string, Record<string, string>][] = [
  [
    'Discord sign-in',
    {
      DISCORD_CLIENT_ID: 'docs-client',
      DISCORD_CLIENT_SECRET: 'docs-secret',
      METRICS_TOKEN: 'docs-metrics-token-0123456789',
    },
  ],
  ['local sign-in', { METRICS_TOKEN: 'docs-metrics-token-0123456789' }],
];

interface RouteRow {
  method: string;
  url: string;
  access: string;
  summary: string;
  setups: string[];
}

/**
 * Every route the API registers, in each sign-in setup, without the emulators' stand-in routes and
 * the built web app's files (served from the folder, not declared).
 */
export async function registeredRoutes(): Promise<RouteRow[]> {
  const rows = new Map<string, RouteRow>();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'route-table-'));
  for (const [setup, env] of SETUPS) {
    const database = await createTestDatabase();
    const routes: RouteOptions[] = [];
    const app = await buildApp({
      settings: loadSettings({
        NODE_ENV: 'test',
        ADMIN_PASSWORD: 'docs-admin-password',
        DATA_DIR: dataDir,
        ...env,
      }),
      database,
      webDistDir: path.join(dataDir, 'no-web-build'),
      onRoute: (route) => void routes.push(route),
      logger: false,
    });
    await app.ready();
    for (const route of routes) {
      for (const method of [route.method].flat()) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        const key = `${route.url} ${method}`;
        const schema = route.schema;
        const row = rows.get(key) ?? {
          method,
          url: route.url,
          access: String(route.config?.access ?? ''),
          summary: schema?.summary ?? '',
          setups: [],
        };
        row.setups.push(setup);
        rows.set(key, row);
      }
    }
    await app.close();
    await database.close();
  }
  return [...rows.values()].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
}

/** The route table of docs/architecture.md, as Markdown. */
export function routeTableMarkdown(rows: RouteRow[]): string {
  const cell = (text: string) => text.replaceAll('|', '\\|');
  return [
    '| Method | Path | Access | What |',
    '| --- | --- | --- | --- |',
    ...rows.map((row) => {
      const only = row.setups.length < SETUPS.length ? ` (${row.setups.join(', ')} only)` : '';
      return `| ${row.method} | \`${row.url}\` | ${row.access} | ${cell(row.summary)}${only} |`;
    }),
  ].join('\n');
}

export const ROUTE_TABLE_START = '<!-- route table: npm run docs:routes -->';
export const ROUTE_TABLE_END = '<!-- end of route table -->';

/** The document with its route table replaced by `table`. */
export function withRouteTable(document: string, table: string): string {
  const start = document.indexOf(ROUTE_TABLE_START);
  const end = document.indexOf(ROUTE_TABLE_END);
  if (start < 0 || end < start) throw new Error('The document has no route table markers.');
  return `${document.slice(0, start + ROUTE_TABLE_START.length)}\n\n${table}\n\n${document.slice(end)}`;
}
