import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  values: (number | null)[];
  color: string;
}

interface ChartProps {
  /** What the chart shows, for assistive technology (the table beside it holds the figures). */
  label: string;
  series: ChartSeries[];
  /** How a value on the y axis and in the legend reads. */
  format: (value: number) => string;
  height?: number;
}

export type TimeChartProps = ChartProps & {
  /** Seconds since the epoch of each point. */
  x: number[];
};

export type CategoryChartProps = ChartProps & {
  /** One label per group of bars. */
  categories: string[];
};

/** Days on the x axis: a line per series over time. */
export function TimeChart({ x, ...props }: TimeChartProps) {
  return (
    <UPlotChart
      {...props}
      build={(width, ink) => ({
        data: [x, ...props.series.map((entry) => entry.values)],
        options: baseOptions(width, ink, props, {
          scales: { x: { time: true } },
          paths: undefined,
          bars: false,
        }),
      })}
    />
  );
}

/**
 * Grouped bars: one group per category, one bar per series side by side. uPlot draws series over
 * one shared x array, so each series' bars sit at their own offset inside the group, with gaps
 * (null) where another series' bars are.
 */
export function CategoryChart({ categories, ...props }: CategoryChartProps) {
  const count = Math.max(1, props.series.length);
  const width = 0.8 / count;
  const offsets = props.series.map((_, index) => (index - (count - 1) / 2) * width);
  const x = categories.flatMap((_, group) => offsets.map((offset) => group + offset));
  const data = props.series.map((entry, index) =>
    categories.flatMap((_, group) =>
      offsets.map((__, at) => (at === index ? (entry.values[group] ?? null) : null)),
    ),
  );
  return (
    <UPlotChart
      {...props}
      build={(plotWidth, ink) => ({
        data: [x, ...data],
        options: baseOptions(plotWidth, ink, props, {
          scales: { x: { time: false, range: () => [-0.5, categories.length - 0.5] } },
          paths: uPlot.paths.bars!({ size: [0.95, 60], align: 0 }),
          bars: true,
          xAxis: {
            splits: () => categories.map((_, index) => index),
            values: (_u: uPlot, splits: number[]) => splits.map((split) => categories[split] ?? ''),
          },
        }),
      })}
    />
  );
}

function baseOptions(
  width: number,
  /** The page's text colour: axes and their labels follow the theme. */
  ink: string,
  props: ChartProps,
  extra: {
    scales: uPlot.Scales;
    paths: uPlot.Series.PathBuilder | undefined;
    bars: boolean;
    xAxis?: Partial<uPlot.Axis>;
  },
): uPlot.Options {
  return {
    width,
    height: props.height ?? 240,
    scales: {
      ...extra.scales,
      y: { range: (_u, min, max) => [Math.min(0, min), max > 0 ? max * 1.1 : 1] },
    },
    axes: [
      { ...axisColours(ink), ...extra.xAxis },
      { ...axisColours(ink), size: 80, values: (_u: uPlot, splits: number[]) => splits.map(props.format) },
    ],
    cursor: { drag: { x: false, y: false } },
    series: [
      {},
      ...props.series.map((entry): uPlot.Series => ({
        label: entry.label,
        stroke: entry.color,
        width: extra.bars ? 1 : 2,
        fill: extra.bars ? `${entry.color}cc` : undefined,
        paths: extra.paths,
        points: { show: !extra.bars },
        spanGaps: !extra.bars,
        value: (_u, value) => (value == null ? '—' : props.format(value)),
      })),
    ],
  };
}

const axisColours = (ink: string): Partial<uPlot.Axis> => ({
  stroke: ink,
  grid: { stroke: 'rgba(128, 128, 128, 0.25)', width: 1 },
  ticks: { stroke: 'rgba(128, 128, 128, 0.5)', width: 1 },
});

function UPlotChart({
  label,
  build,
}: ChartProps & {
  build: (width: number, ink: string) => { data: uPlot.AlignedData; options: uPlot.Options };
}) {
  const target = useRef<HTMLDivElement>(null);
  // Rebuilt whenever the figures change; `build` closes over them.
  const buildRef = useRef(build);
  // Declared first, so it runs before the effect below reads it.
  useEffect(() => {
    buildRef.current = build;
  });
  const key = JSON.stringify(build(0, '').data);
  useEffect(() => {
    const element = target.current;
    if (!element) return;
    const { data, options } = buildRef.current(
      Math.max(280, element.clientWidth),
      getComputedStyle(element).color,
    );
    const plot = new uPlot(options, data, element);
    const observer = new ResizeObserver(() => {
      const width = Math.max(280, element.clientWidth);
      if (Math.abs(width - plot.width) > 1) plot.setSize({ width, height: options.height });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [key]);
  return <div ref={target} className="overview-chart" role="img" aria-label={label} />;
}
