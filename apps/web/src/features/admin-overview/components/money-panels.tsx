import type { DayRange } from '../api/overview.ts';
import { useGetRevenueQuery, useGetSubscriptionsQuery, useGetTopSpendersQuery } from '../api/overview.ts';
import { daySeconds, dollars } from '../lib/format.ts';
import { CategoryChart, TimeChart } from './chart.tsx';
import { ChartPanel } from './chart-panel.tsx';
import { color } from './colors.ts';

const fileName = (name: string, range: DayRange) => `overview-${name}-${range.from}-to-${range.to}`;
const MONEY = ['Gross', 'Refunds', 'Disputes', 'Net'] as const;

/** Revenue by day and by week: gross, refunds, disputes and net, from the payments record. */
export function RevenuePanels({ range }: { range: DayRange }) {
  const { data, isLoading, error } = useGetRevenueQuery(range);
  return (
    <>
      {(['daily', 'weekly'] as const).map((grain) => {
        const rows = data?.[grain] ?? [];
        const columns = grain === 'daily' ? 'Day' : 'Week of';
        return (
          <ChartPanel
            key={grain}
            id={`revenue-${grain}`}
            title={grain === 'daily' ? 'Revenue by day' : 'Revenue by week'}
            note={
              grain === 'daily'
                ? 'Refunds and disputes count on the day of the payment they belong to. Disputes add their fee while open or once lost; a won dispute costs nothing.'
                : undefined
            }
            fileName={fileName(`revenue-${grain}`, range)}
            loading={isLoading}
            error={error}
            table={
              data && {
                caption: `Revenue by ${grain === 'daily' ? 'day' : 'week'}, ${range.from} to ${range.to}`,
                columns: [columns, ...MONEY, 'Payments'],
                rows: rows.map((row) => [
                  row.bucket,
                  dollars(row.grossCents),
                  dollars(row.refundsCents),
                  dollars(row.disputesCents),
                  dollars(row.netCents),
                  row.payments,
                ]),
                csvColumns: [
                  columns,
                  'gross_cents',
                  'refunds_cents',
                  'disputes_cents',
                  'net_cents',
                  'payments',
                ],
                csvRows: rows.map((row) => [
                  row.bucket,
                  row.grossCents,
                  row.refundsCents,
                  row.disputesCents,
                  row.netCents,
                  row.payments,
                ]),
              }
            }
          >
            <TimeChart
              label={`Revenue by ${grain === 'daily' ? 'day' : 'week'}: gross, refunds, disputes and net`}
              x={rows.map((row) => daySeconds(row.bucket))}
              format={(cents) => dollars(Math.round(cents))}
              series={[
                { label: 'Gross', values: rows.map((row) => row.grossCents), color: color(0) },
                { label: 'Refunds', values: rows.map((row) => row.refundsCents), color: color(1) },
                { label: 'Disputes', values: rows.map((row) => row.disputesCents), color: color(2) },
                { label: 'Net', values: rows.map((row) => row.netCents), color: color(3) },
              ]}
            />
          </ChartPanel>
        );
      })}
      {data && (
        <p className="overview-totals" data-testid="revenue-totals">
          In this range: gross {dollars(data.totals.grossCents)}, refunds {dollars(data.totals.refundsCents)},
          disputes {dollars(data.totals.disputesCents)}, net <strong>{dollars(data.totals.netCents)}</strong>{' '}
          from {data.totals.payments} payments.
        </p>
      )}
    </>
  );
}

/** Plans: their payments in the range and their live subscribers; new and lapsed subscribers per day. */
export function SubscriptionPanels({ range }: { range: DayRange }) {
  const { data, isLoading, error } = useGetSubscriptionsQuery(range);
  const plans = data?.plans ?? [];
  const flow = data?.flow ?? [];
  return (
    <>
      <ChartPanel
        id="plans"
        title="Recurring revenue and subscribers per plan"
        note="Revenue of plan periods paid in the range; subscribers live now (paid, and from gift codes)."
        fileName={fileName('plans', range)}
        loading={isLoading}
        error={error}
        empty={plans.length === 0}
        table={
          data && {
            caption: 'Plans: revenue in the range and live subscribers',
            columns: ['Plan', 'Gross', 'Net', 'Payments', 'Paid subscribers', 'Gifted subscribers'],
            rows: plans.map((row) => [
              row.plan,
              dollars(row.grossCents),
              dollars(row.netCents),
              row.payments,
              row.activeSubscribers,
              row.giftedSubscribers,
            ]),
            csvColumns: [
              'plan',
              'gross_cents',
              'net_cents',
              'payments',
              'paid_subscribers',
              'gifted_subscribers',
            ],
            csvRows: plans.map((row) => [
              row.plan,
              row.grossCents,
              row.netCents,
              row.payments,
              row.activeSubscribers,
              row.giftedSubscribers,
            ]),
          }
        }
      >
        <CategoryChart
          label="Net recurring revenue per plan in the range"
          categories={plans.map((row) => row.plan)}
          format={(cents) => dollars(Math.round(cents))}
          series={[
            { label: 'Gross', values: plans.map((row) => row.grossCents), color: color(0) },
            { label: 'Net', values: plans.map((row) => row.netCents), color: color(3) },
          ]}
        />
        <CategoryChart
          label="Live subscribers per plan"
          categories={plans.map((row) => row.plan)}
          format={(value) => String(Math.round(value))}
          series={[
            { label: 'Paid subscribers', values: plans.map((row) => row.activeSubscribers), color: color(4) },
            {
              label: 'Gifted subscribers',
              values: plans.map((row) => row.giftedSubscribers),
              color: color(5),
            },
          ]}
        />
      </ChartPanel>
      <ChartPanel
        id="subscribers"
        title="New and lapsed subscribers"
        fileName={fileName('subscribers', range)}
        loading={isLoading}
        error={error}
        table={
          data && {
            caption: 'Subscriptions started and lapsed per day',
            columns: ['Day', 'New', 'Lapsed'],
            rows: flow.map((row) => [row.day, row.newSubscribers, row.lapsedSubscribers]),
          }
        }
      >
        <TimeChart
          label="New and lapsed subscribers per day"
          x={flow.map((row) => daySeconds(row.day))}
          format={(value) => String(Math.round(value))}
          series={[
            { label: 'New', values: flow.map((row) => row.newSubscribers), color: color(3) },
            { label: 'Lapsed', values: flow.map((row) => row.lapsedSubscribers), color: color(1) },
          ]}
        />
      </ChartPanel>
    </>
  );
}

/** The ten people who paid the most in the range. */
export function TopSpendersPanel({ range }: { range: DayRange }) {
  const { data, isLoading, error } = useGetTopSpendersQuery(range);
  const rows = data?.rows ?? [];
  return (
    <ChartPanel
      id="top-spenders"
      title="Top spenders"
      note="Net of refunds and disputes, with what their jobs spent in the range."
      fileName={fileName('top-spenders', range)}
      loading={isLoading}
      error={error}
      empty={rows.length === 0}
      table={
        data && {
          caption: 'The ten people who paid the most in the range',
          columns: ['Person', 'Paid (net)', 'Payments', 'Credits spent', 'Hypercredits spent'],
          rows: rows.map((row) => [
            row.discordName,
            dollars(row.netCents),
            row.payments,
            row.creditsSpent,
            row.hypercreditsSpent,
          ]),
          csvColumns: ['person', 'user_id', 'net_cents', 'payments', 'credits_spent', 'hypercredits_spent'],
          csvRows: rows.map((row) => [
            row.discordName,
            row.userId,
            row.netCents,
            row.payments,
            row.creditsSpent,
            row.hypercreditsSpent,
          ]),
        }
      }
    >
      <CategoryChart
        label="Net paid by the top spenders"
        categories={rows.map((row) => row.discordName)}
        format={(cents) => dollars(Math.round(cents))}
        series={[{ label: 'Paid (net)', values: rows.map((row) => row.netCents), color: color(0) }]}
      />
    </ChartPanel>
  );
}
