import type { Registry } from 'prom-client';

type Labels = Record<string, string>;

/** One label set's observations: a count per bucket (not cumulative), their sum and number. */
export interface HistogramSeries {
  observe(value: number): void;
}

interface SeriesData {
  labels: Labels;
  buckets: number[];
  sum: number;
  count: number;
}

interface Value {
  labels: Record<string, string | number>;
  sharedLabels: Labels;
  value: number;
  metricName: string;
  exemplar?: null;
}

/**
 * A Prometheus histogram whose series are found once and then observed directly: what prom-client's
 * `Histogram` writes for the same observations (names, labels, `le` buckets, `+Inf`, sum and count,
 * series in the order first seen), without its per-observation work (validating the labels and
 * hashing them into a key), which was a visible share of a short request.
 */
export class SeriesHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  readonly name: string;
  readonly help: string;
  readonly labelNames: readonly string[];
  readonly upperBounds: readonly number[];
  #series: SeriesData[] = [];

  constructor(options: {
    name: string;
    help: string;
    labelNames: readonly string[];
    buckets: readonly number[];
    registers: Registry[];
  }) {
    this.name = options.name;
    this.help = options.help;
    this.labelNames = options.labelNames;
    this.upperBounds = [...options.buckets].sort((a, b) => a - b);
    for (const registry of options.registers) registry.registerMetric(this as never);
  }

  /** The series of this label set, new and empty; keep it and observe through it. */
  series(labels: Labels): HistogramSeries {
    for (const name of Object.keys(labels))
      if (!this.labelNames.includes(name)) throw new Error(`Unknown label ${name} for ${this.name}`);
    const data: SeriesData = { labels, buckets: this.upperBounds.map(() => 0), sum: 0, count: 0 };
    this.#series.push(data);
    const bounds = this.upperBounds;
    return {
      observe(value: number) {
        if (!Number.isFinite(value)) throw new TypeError(`Value is not a valid number: ${value}`);
        data.sum += value;
        data.count += 1;
        for (let i = 0; i < bounds.length; i++)
          if (value <= bounds[i]!) {
            data.buckets[i]! += 1;
            return;
          }
      },
    };
  }

  /** Each series' labels and number of observations, in the order first seen. */
  counts(): { labels: Labels; count: number }[] {
    return this.#series.map(({ labels, count }) => ({ labels, count }));
  }

  reset(): void {
    for (const data of this.#series) {
      data.buckets.fill(0);
      data.sum = 0;
      data.count = 0;
    }
  }

  async getForPromString() {
    const values: Value[] = [];
    const bucket = `${this.name}_bucket`;
    for (const data of this.#series) {
      let cumulative = 0;
      for (let i = 0; i < this.upperBounds.length; i++) {
        cumulative += data.buckets[i]!;
        values.push({
          labels: { le: this.upperBounds[i]! },
          value: cumulative,
          metricName: bucket,
          exemplar: null,
          sharedLabels: data.labels,
        });
      }
      values.push(
        {
          labels: { le: '+Inf' },
          value: data.count,
          metricName: bucket,
          exemplar: null,
          sharedLabels: data.labels,
        },
        { labels: {}, value: data.sum, metricName: `${this.name}_sum`, sharedLabels: data.labels },
        { labels: {}, value: data.count, metricName: `${this.name}_count`, sharedLabels: data.labels },
      );
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  async get() {
    const data = await this.getForPromString();
    return {
      ...data,
      values: data.values.map(({ labels, sharedLabels, ...rest }) => ({
        ...rest,
        labels: { ...labels, ...sharedLabels },
      })),
    };
  }
}
