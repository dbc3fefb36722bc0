import { readFileSync } from 'node:fs';
import { createMetrics } from '@app/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers.ts';

const TOKEN = 'metrics-token-for-the-dashboard';
const DASHBOARD = new URL('../../../monitoring/grafana/hypercreate-dashboard.json', import.meta.url);

interface Panel {
  title: string;
  targets?: { expr: string }[];
}

/** Every metric name a PromQL expression of the dashboard reads. */
function queriedMetrics(): Map<string, string[]> {
  const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as { panels: Panel[] };
  const names = new Map<string, string[]>();
  for (const panel of dashboard.panels) {
    for (const target of panel.targets ?? []) {
      // Names are the identifiers followed by a selector, a range or the end; label names and
      // functions are followed by other things (`=`, `(`, `)`, `,`).
      const withoutLabels = target.expr.replace(/\{[^}]*\}/g, '{}').replace(/\b(by|without) \([^)]*\)/g, '');
      for (const match of withoutLabels.matchAll(
        /\b([a-z_:][a-z0-9_:]*)\s*(?=\{|\[|$|\)|\s*[/*+-]|\s*$)/gi,
      )) {
        const name = match[1]!;
        if (/^(sum|max|min|rate|increase|histogram_quantile|avg|count|le)$/.test(name)) continue;
        names.set(name, [...(names.get(name) ?? []), panel.title]);
      }
    }
  }
  return names;
}

/** The metric family a sample name belongs to (a histogram's `_bucket`, `_sum`, `_count`). */
function familyOf(name: string, exposition: string): string {
  const base = name.replace(/_(bucket|sum|count)$/, '');
  return base !== name && exposition.includes(`# TYPE ${base} histogram`) ? base : name;
}

describe('the Grafana dashboard', () => {
  let t: TestContext;
  beforeAll(async () => (t = await createTestApp({ METRICS_TOKEN: TOKEN })));
  afterAll(async () => t?.close());

  it('queries the request, job, host, queue and database metrics', () => {
    const names = [...queriedMetrics().keys()];
    for (const expected of [
      'hypercreate_http_requests_total',
      'hypercreate_http_request_duration_seconds_bucket',
      'hypercreate_job_wait_seconds_bucket',
      'hypercreate_job_run_seconds_bucket',
      'hypercreate_host_slots',
      'hypercreate_host_faults_total',
      'hypercreate_queue_jobs',
      'hypercreate_db_pool_connections',
      'hypercreate_db_errors_total',
    ]) {
      expect(names).toContain(expected);
    }
  });

  it('reads only metrics the API exports on /metrics', async () => {
    await t.app.inject({ url: '/api/health' });
    const response = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    const exposition = response.body;
    const missing = [...queriedMetrics()]
      .filter(([name]) => !exposition.includes(`# TYPE ${familyOf(name, exposition)} `))
      .map(([name, panels]) => `${name} (${panels.join(', ')})`);
    expect(missing).toEqual([]);
  });

  it('reads from a standalone worker only what its metrics export too', async () => {
    const metrics = createMetrics();
    metrics.watchDatabase(t.database);
    const exposition = await metrics.registry.metrics();
    const workerSide = [...queriedMetrics().keys()].filter((name) => !name.startsWith('hypercreate_http_'));
    expect(workerSide.length).toBeGreaterThan(5);
    for (const name of workerSide) {
      expect(exposition, name).toContain(`# TYPE ${familyOf(name, exposition)} `);
    }
  });
});
