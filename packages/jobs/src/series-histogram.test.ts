import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { SeriesHistogram } from './series-histogram.ts';

const options = {
  name: 'latency_seconds',
  help: 'Latency by method and status',
  labelNames: ['method', 'status'],
  buckets: [0.01, 0.1, 1],
};
const observations: [Record<string, string>, number][] = [
  [{ method: 'GET', status: '200' }, 0.004],
  [{ method: 'POST', status: '201' }, 0.5],
  [{ method: 'GET', status: '200' }, 0.05],
  [{ method: 'GET', status: '200' }, 7],
  [{ method: 'POST', status: '201' }, 0.1],
];

describe('the series histogram', () => {
  it("writes what prom-client's histogram writes for the same observations", async () => {
    const theirs = new Registry();
    const reference = new Histogram({ ...options, registers: [theirs] });
    const ours = new Registry();
    const histogram = new SeriesHistogram({ ...options, registers: [ours] });
    const series = new Map<string, ReturnType<SeriesHistogram['series']>>();
    for (const [labels, value] of observations) {
      reference.observe(labels, value);
      const key = JSON.stringify(labels);
      if (!series.has(key)) series.set(key, histogram.series(labels));
      series.get(key)!.observe(value);
    }
    expect(await ours.metrics()).toBe(await theirs.metrics());
    expect(await ours.getMetricsAsJSON()).toEqual(await theirs.getMetricsAsJSON());
    expect(histogram.counts()).toEqual([
      { labels: { method: 'GET', status: '200' }, count: 3 },
      { labels: { method: 'POST', status: '201' }, count: 2 },
    ]);
  });

  it('refuses unknown labels and values that are not numbers, and resets to zero', async () => {
    const registry = new Registry();
    const histogram = new SeriesHistogram({ ...options, registers: [registry] });
    expect(() => histogram.series({ path: '/' })).toThrow(/Unknown label/);
    const series = histogram.series({ method: 'GET', status: '200' });
    expect(() => series.observe(Number.NaN)).toThrow(TypeError);
    series.observe(0.2);
    registry.resetMetrics();
    expect(await registry.metrics()).toContain('latency_seconds_count{method="GET",status="200"} 0');
  });
});
