import { JOB_FAMILIES, ProviderError } from '@app/generation';
import { startWorker } from '@app/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers.ts';
import { everyFamily, imageProvider, scriptedProvider, submit, user, waitForJob } from './jobs/helpers.ts';

const TOKEN = 'metrics-token-for-the-tests';

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestContext;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(async () => t.close());

  it('does not exist, even for a bearer token', async () => {
    const response = await t.app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer anything-at-all' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestContext;
  let stopWorker: () => Promise<void>;
  const good = imageProvider();
  const broken = scriptedProvider(async () => {
    throw new ProviderError('BACKEND_REJECTED', 'The image service could not take this request.', {
      retryable: false,
    });
  });
  let provider = good;
  const switching = {
    ...good,
    name: 'scripted',
    run: (...args: Parameters<typeof good.run>) => provider.run(...args),
  };

  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN, QUEUE_SUPERVISE_SECONDS: '1' });
    const worker = await startWorker({
      database: t.database,
      queue: await t.app.generation.queue(),
      storage: t.app.generation.storage,
      providers: everyFamily(switching),
      settings: t.settings.generation,
      pollingIntervalSeconds: 0.5,
      metrics: t.app.metrics,
    });
    stopWorker = () => worker.stop();
  });
  afterAll(async () => {
    await stopWorker?.();
    await t?.close();
  });

  const scrape = (authorization?: string) =>
    t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });

  it('refuses a scrape without the bearer token or with a wrong one', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}x`)).statusCode).toBe(401);
    expect((await scrape(TOKEN)).statusCode).toBe(401);
  });

  it('reports HTTP latency per route, queue depth per family, job outcomes and provider errors', async () => {
    await t.app.inject('/api/health');
    const me = await user(t, 'counted', { credits: 20 });
    const ok = (await submit(t, me.cookie, { command: 'make', options: { prompt: 'counted fox' } })).json()
      .job;
    expect((await waitForJob(t, me.cookie, ok.id)).status).toBe('succeeded');
    provider = broken;
    const bad = (await submit(t, me.cookie, { command: 'make', options: { prompt: 'rejected fox' } })).json()
      .job;
    expect((await waitForJob(t, me.cookie, bad.id)).status).toBe('failed');

    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    expect(text).toMatch(
      /hypercreate_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} 1/,
    );
    expect(text).toMatch(
      /hypercreate_http_request_duration_seconds_count\{method="POST",route="\/api\/jobs",status="20\d"\} 2/,
    );
    // Ids never become labels: the job reads are counted under their pattern.
    expect(text).toContain('route="/api/jobs/:id"');
    expect(text).not.toContain(ok.id);
    for (const family of JOB_FAMILIES) {
      expect(text).toMatch(new RegExp(`hypercreate_queue_jobs\\{family="${family}",state="queued"\\} \\d+`));
    }
    expect(text).toMatch(
      /hypercreate_job_attempts_total\{family="image",provider="scripted",outcome="succeeded"\} 1/,
    );
    expect(text).toMatch(
      /hypercreate_job_attempts_total\{family="image",provider="scripted",outcome="failed"\} 1/,
    );
    expect(text).toMatch(
      /hypercreate_job_attempt_duration_seconds_count\{family="image",provider="scripted",outcome="succeeded"\} 1/,
    );
    expect(text).toMatch(
      /hypercreate_provider_errors_total\{provider="scripted",code="BACKEND_REJECTED"\} 1/,
    );
    expect(broken.calls).toHaveLength(1);
  });
});
