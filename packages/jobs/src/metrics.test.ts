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

  it('expose the latency of each series as a Prometheus histogram: buckets, sum and count', async () => {
    const metrics = createMetrics();
    for (const seconds of [0.004, 0.04, 0.04, 3])
      metrics.httpRequest({ method: 'GET', route: '/a', status: 200, seconds });
    metrics.httpRequest({ method: 'POST', route: '/a', status: 201, seconds: 0.2 });
    const text = await metrics.registry.getSingleMetricAsString('hypercreate_http_request_duration_seconds');
    const series = '{method="GET",route="/a",status="200"}';
    const line = (name: string, labels: string) =>
      text
        .split('\n')
        .find((entry) => entry.startsWith(`hypercreate_http_request_duration_seconds_${name}${labels} `));
    const bucket = (le: string) => line('bucket', `{le="${le}",method="GET",route="/a",status="200"}`);
    expect(text).toContain('# TYPE hypercreate_http_request_duration_seconds histogram');
    expect(bucket('0.005')).toMatch(/ 1$/);
    expect(bucket('0.05')).toMatch(/ 3$/);
    expect(bucket('2.5')).toMatch(/ 3$/);
    expect(bucket('+Inf')).toMatch(/ 4$/);
    expect(line('count', series)).toMatch(/ 4$/);
    expect(Number(line('sum', series)?.split(' ')[1])).toBeCloseTo(3.084, 6);
    expect(line('count', '{method="POST",route="/a",status="201"}')).toMatch(/ 1$/);
  });
});
