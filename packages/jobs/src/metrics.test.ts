import { describe, expect, it } from 'vitest';
import { createMetrics } from './metrics.ts';

describe('the HTTP metrics', () => {
  it('keep one series per method, route and status, however the requests interleave', async () => {
    const metrics = createMetrics();
    const requests: [string, string, number][] = [
      ['GET', '/a', 200],
      ['GET', '/a', 404],
      ['POST', '/a', 200],
      ['GET', '/b', 200],
      ['GET', '/a', 200],
      ['POST', '/a', 200],
    ];
    for (const [method, route, status] of requests)
      metrics.httpRequest({ method, route, status, seconds: 0.002 });
    const text = await metrics.registry.getSingleMetricAsString('hypercreate_http_requests_total');
    const counts = text
      .split('\n')
      .filter((line) => line.startsWith('hypercreate_http_requests_total{'))
      .sort();
    expect(counts).toEqual([
      'hypercreate_http_requests_total{method="GET",route="/a",status="200"} 2',
      'hypercreate_http_requests_total{method="GET",route="/a",status="404"} 1',
      'hypercreate_http_requests_total{method="GET",route="/b",status="200"} 1',
      'hypercreate_http_requests_total{method="POST",route="/a",status="200"} 2',
    ]);
  });
});
