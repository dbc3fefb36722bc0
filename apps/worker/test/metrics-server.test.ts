import { createMetrics } from '@app/jobs';
import { afterEach, describe, expect, it } from 'vitest';
import { serveMetrics } from '../src/metrics-server.ts';

describe("a standalone worker's metrics listener", () => {
  const servers: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });

  async function listen(token: string | undefined, metrics = createMetrics()) {
    metrics.jobAttempt({ family: 'video', provider: 'comfyui', outcome: 'succeeded', seconds: 12 });
    metrics.providerError({ provider: 'comfyui', code: 'BACKEND_BUSY' });
    const server = await serveMetrics(metrics, { token, port: 0, host: '127.0.0.1' });
    servers.push(server);
    return server.url;
  }

  it('answers 404 when METRICS_TOKEN is not set', async () => {
    const url = await listen(undefined);
    const response = await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer whatever' } });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
  });

  it('answers 401 without the token and the worker metrics with it', async () => {
    const token = 'worker-metrics-token-123456';
    const url = await listen(token);
    expect((await fetch(`${url}/metrics`)).status).toBe(401);
    expect((await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).toBe(401);
    const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toMatch(
      /hypercreate_job_attempts_total\{family="video",provider="comfyui",outcome="succeeded"\} 1/,
    );
    expect(text).toMatch(/hypercreate_provider_errors_total\{provider="comfyui",code="BACKEND_BUSY"\} 1/);
    expect(text).toContain('process_cpu_seconds_total');
  });

  it('answers other routes 404 and a failing registry 500 without its reason', async () => {
    const token = 'worker-metrics-token-123456';
    const url = await listen(token);
    const other = await fetch(`${url}/health`, { headers: { authorization: `Bearer ${token}` } });
    expect(other.status).toBe(404);
    const metrics = createMetrics();
    metrics.registry.metrics = () => Promise.reject(new Error('secret internal detail'));
    const failing = await listen(token, metrics);
    const response = await fetch(`${failing}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      error: { code: 'INTERNAL', message: 'Metrics are not available' },
    });
  });
});
