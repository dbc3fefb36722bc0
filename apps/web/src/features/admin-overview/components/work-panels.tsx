import { LANES, LANE_TEXTS } from '@app/domain';
import type { DayRange } from '../api/overview.ts';
import {
  useGetCreditsQuery,
  useGetHostsQuery,
  useGetJobsQuery,
  useGetLanesQuery,
  useGetQueueWaitsQuery,
} from '../api/overview.ts';
import { daySeconds, percent, seconds, sourceName } from '../lib/format.ts';
import { CategoryChart, TimeChart } from './chart.tsx';
import { ChartPanel } from './chart-panel.tsx';
import { color } from './colors.ts';

const fileName = (name: string, range: DayRange) => `overview-${name}-${range.from}-to-${range.to}`;
const FLOWS = [
  { flow: 'granted', label: 'Granted' },
  { flow: 'spent', label: 'Spent by jobs' },
  { flow: 'takenBack', label: 'Taken back' },
] as const;
const CURRENCIES = [
  { currency: 'credits', label: 'Credits' },
  { currency: 'hypercredits', label: 'Hypercredits' },
] as const;
const STATUSES = ['succeeded', 'failed', 'cancelled', 'running', 'queued'];

/** Credits and hypercredits granted (by source), spent by jobs (by family) and taken back, from the ledger. */
export function CreditPanels({ range }: { range: DayRange }) {
  const { data, isLoading, error } = useGetCreditsQuery(range);
  return (
    <>
      {CURRENCIES.map(({ currency, label }) => {
        const rows = (data?.rows ?? []).filter((row) => row.currency === currency);
        const keys = [...new Set(rows.map((row) => `${row.flow}:${row.key}`))];
        const name = (key: string) => {
          const [flow, ...rest] = key.split(':');
          const value = rest.join(':');
          return flow === 'spent' ? value : sourceName(value);
        };
        const totals = data?.totals.find((row) => row.currency === currency);
        return (
          <ChartPanel
            key={currency}
            id={`ledger-${currency}`}
            title={`${label} granted and spent`}
            note={
              totals &&
              `Granted ${totals.granted}, spent by jobs ${totals.spent} (net of their refunds), taken back ${totals.takenBack}: the ledger changed by ${totals.net}.`
            }
            fileName={fileName(`ledger-${currency}`, range)}
            loading={isLoading}
            error={error}
            empty={rows.length === 0}
            table={
              data && {
                caption: `${label}: granted by source, spent by command family, taken back`,
                columns: ['Flow', 'Source or family', label],
                rows: rows.map((row) => [
                  FLOWS.find((entry) => entry.flow === row.flow)!.label,
                  row.flow === 'spent' ? row.key : sourceName(row.key),
                  row.amount,
                ]),
                csvColumns: ['flow', 'key', currency],
                csvRows: rows.map((row) => [row.flow, row.key, row.amount]),
              }
            }
          >
            <CategoryChart
              label={`${label} granted by source and spent by command family`}
              categories={keys.map(name)}
              format={(value) => String(Math.round(value))}
              series={FLOWS.map(({ flow, label: flowLabel }, index) => ({
                label: flowLabel,
                color: color(index === 0 ? 3 : index === 1 ? 0 : 1),
                values: keys.map((key) =>
                  key.startsWith(`${flow}:`)
                    ? (rows.find((row) => `${row.flow}:${row.key}` === key)?.amount ?? null)
                    : null,
                ),
              }))}
            />
          </ChartPanel>
        );
      })}
    </>
  );
}

/** Jobs per family by how they ended, and how long they waited for a slot by plan. */
export function JobPanels({ range }: { range: DayRange }) {
  const jobs = useGetJobsQuery(range);
  const waits = useGetQueueWaitsQuery(range);
  const rows = jobs.data?.rows ?? [];
  const families = [...new Set(rows.map((row) => row.family))];
  const statuses = STATUSES.filter((status) => rows.some((row) => row.status === status));
  const count = (family: string, status: string) =>
    rows.find((row) => row.family === family && row.status === status)?.count ?? 0;
  const waitRows = waits.data?.rows ?? [];
  return (
    <>
      <ChartPanel
        id="jobs"
        title="Jobs per family by outcome"
        note="Jobs submitted in the range, by where they stand now."
        fileName={fileName('jobs', range)}
        loading={jobs.isLoading}
        error={jobs.error}
        empty={rows.length === 0}
        table={
          jobs.data && {
            caption: 'Jobs per command family and outcome',
            columns: ['Family', ...statuses],
            rows: families.map((family) => [family, ...statuses.map((status) => count(family, status))]),
          }
        }
      >
        <CategoryChart
          label="Jobs per command family by outcome"
          categories={families}
          format={(value) => String(Math.round(value))}
          series={statuses.map((status, index) => ({
            label: status,
            color: color(status === 'succeeded' ? 3 : status === 'failed' ? 1 : index + 4),
            values: families.map((family) => count(family, status)),
          }))}
        />
      </ChartPanel>
      <ChartPanel
        id="queue-waits"
        title="Queue wait by plan"
        note="From submission to the first start, by the person's plan when they submitted."
        fileName={fileName('queue-waits', range)}
        loading={waits.isLoading}
        error={waits.error}
        empty={waitRows.length === 0}
        table={
          waits.data && {
            caption: 'Queue wait p50 and p99 by plan',
            columns: ['Plan', 'Jobs', 'p50', 'p99'],
            rows: waitRows.map((row) => [
              row.plan,
              row.jobs,
              seconds(row.p50Seconds),
              seconds(row.p99Seconds),
            ]),
            csvColumns: ['plan', 'jobs', 'p50_seconds', 'p99_seconds'],
            csvRows: waitRows.map((row) => [row.plan, row.jobs, row.p50Seconds, row.p99Seconds]),
          }
        }
      >
        <CategoryChart
          label="Queue wait p50 and p99 by plan"
          categories={waitRows.map((row) => row.plan)}
          format={seconds}
          series={[
            { label: 'p50', values: waitRows.map((row) => row.p50Seconds), color: color(0) },
            { label: 'p99', values: waitRows.map((row) => row.p99Seconds), color: color(2) },
          ]}
        />
      </ChartPanel>
    </>
  );
}

/** Each generation host over time: its busy share of slot time, and its failures. */
export function HostPanels({ range }: { range: DayRange }) {
  const { data, isLoading, error } = useGetHostsQuery(range);
  const rows = data?.rows ?? [];
  const hosts = [...new Set(rows.map((row) => row.host))];
  const days = [...new Set(rows.map((row) => row.day))];
  const value = (host: string, day: string) => rows.find((row) => row.host === host && row.day === day);
  const table = data && {
    caption: 'Generation hosts per day',
    columns: ['Host', 'Day', 'Slots', 'Busy', 'Utilization', 'Attempts', 'Failed attempts', 'Faults'],
    rows: rows.map((row) => [
      row.host,
      row.day,
      row.slots,
      seconds(row.busySeconds),
      percent(row.utilization),
      row.attempts,
      row.failedAttempts,
      row.faults,
    ]),
    csvColumns: [
      'host',
      'day',
      'slots',
      'busy_seconds',
      'utilization',
      'attempts',
      'failed_attempts',
      'faults',
    ],
    csvRows: rows.map((row) => [
      row.host,
      row.day,
      row.slots,
      row.busySeconds,
      row.utilization,
      row.attempts,
      row.failedAttempts,
      row.faults,
    ]),
  };
  return (
    <>
      <ChartPanel
        id="host-utilization"
        title="Host utilization"
        note="Share of each host's slot time spent on jobs, per day."
        fileName={fileName('host-utilization', range)}
        loading={isLoading}
        error={error}
        empty={hosts.length === 0}
        table={table}
      >
        <TimeChart
          label="Utilization per generation host over time"
          x={days.map(daySeconds)}
          format={(share) => percent(share)}
          series={hosts.map((host, index) => ({
            label: host,
            color: color(index),
            values: days.map((day) => value(host, day)?.utilization ?? 0),
          }))}
        />
      </ChartPanel>
      <ChartPanel
        id="host-failures"
        title="Host failures"
        note="Failed attempts and faults (a failed attempt or probe that took the host out of rotation), per day."
        fileName={fileName('host-failures', range)}
        loading={isLoading}
        error={error}
        empty={hosts.length === 0}
        table={table}
      >
        <TimeChart
          label="Failed attempts and faults per generation host over time"
          x={days.map(daySeconds)}
          format={(value) => String(Math.round(value))}
          series={hosts.map((host, index) => ({
            label: host,
            color: color(index),
            values: days.map((day) => {
              const row = value(host, day);
              return row ? row.failedAttempts + row.faults : 0;
            }),
          }))}
        />
      </ChartPanel>
    </>
  );
}

/** GPU time by lane: how much of the fleet fast, relax and turbo work held, per day. */
export function LanePanels({ range }: { range: DayRange }) {
  const { data, isLoading, error } = useGetLanesQuery(range);
  const rows = data?.rows ?? [];
  const days = [...new Set(rows.map((row) => row.day))];
  const value = (lane: string, day: string) =>
    rows.find((row) => row.lane === lane && row.day === day)?.gpuSeconds ?? 0;
  const table = data && {
    caption: 'GPU time by lane per day',
    columns: ['Day', 'Lane', 'Jobs', 'GPU time'],
    rows: rows.map((row) => [row.day, LANE_TEXTS.title[row.lane], row.jobs, seconds(row.gpuSeconds)]),
    csvColumns: ['day', 'lane', 'jobs', 'gpu_seconds'],
    csvRows: rows.map((row) => [row.day, row.lane, row.jobs, row.gpuSeconds]),
  };
  return (
    <ChartPanel
      id="lane-gpu-time"
      title="GPU time by lane"
      note="Slot time held by jobs that ended each day, in fast, relax (free, on idle capacity) and turbo."
      fileName={fileName('lane-gpu-time', range)}
      loading={isLoading}
      error={error}
      empty={rows.length === 0}
      table={table}
    >
      <TimeChart
        label="GPU time per lane over time"
        x={days.map(daySeconds)}
        format={(value) => seconds(value)}
        series={LANES.map((lane, index) => ({
          label: LANE_TEXTS.title[lane],
          color: color(index),
          values: days.map((day) => value(lane, day)),
        }))}
      />
    </ChartPanel>
  );
}
