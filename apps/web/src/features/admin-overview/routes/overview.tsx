import { zodResolver } from '@hookform/resolvers/zod';
import { OVERVIEW_DEFAULT_DAYS, OVERVIEW_MAX_DAYS, OverviewQuery } from '@app/domain';
import { useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/components/ui/index.ts';
import { paths } from '@/config/paths.ts';
import { AdminOnly } from '@/components/admin-only/index.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import type { DayRange } from '../api/overview.ts';
import { RevenuePanels, SubscriptionPanels, TopSpendersPanel } from '../components/money-panels.tsx';
import { CreditPanels, HostPanels, JobPanels, LanePanels } from '../components/work-panels.tsx';
import '../overview.css';

const DAY = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const lastDays = (count: number): DayRange => {
  const today = Date.parse(`${day(Date.now())}T00:00:00Z`);
  return { from: day(today - (count - 1) * DAY), to: day(today) };
};
const PRESETS = [7, 30, 90, 365];

/** /admin/overview: the business at a glance for admins. The server refuses its reads to anyone else. */
export function OverviewPage() {
  useDocumentTitle('Overview');
  return (
    <AdminOnly>
      <Overview />
    </AdminOnly>
  );
}

function Overview() {
  const [range, setRange] = useState<DayRange>(() => lastDays(OVERVIEW_DEFAULT_DAYS));
  // The server's rules for a range; the page says what is wrong in its own words.
  const { register, handleSubmit, getValues, reset, setError, formState } = useForm({
    resolver: zodResolver(OverviewQuery),
    defaultValues: range,
  });
  const problem = formState.errors.root?.message;

  const refused = (errors: FieldErrors<OverviewQuery>) => {
    const { from, to } = getValues();
    const message =
      !from || !to
        ? 'Choose both days of the range.'
        : errors.from
          ? 'The first day must not be after the last.'
          : `A range may span at most ${OVERVIEW_MAX_DAYS} days.`;
    setError('root', { message });
  };
  const apply = handleSubmit(({ from, to }) => {
    if (from && to) setRange({ from, to });
  }, refused);
  const preset = (count: number) => {
    const next = lastDays(count);
    reset(next);
    setRange(next);
  };

  return (
    <section className="overview">
      <h1>Overview</h1>
      <p>
        Figures from our own records: payments, the credit ledger, jobs and host events (days in UTC).{' '}
        <Link to={paths.adminTools.href()}>Admin tools</Link>
      </p>
      <form className="overview-range" onSubmit={(event) => void apply(event)} aria-label="Date range">
        <label>
          From <input type="date" {...register('from')} />
        </label>
        <label>
          To <input type="date" {...register('to')} />
        </label>
        <Button type="submit">Show</Button>
        <span className="overview-presets">
          {PRESETS.map((count) => (
            <Button key={count} variant="ghost" onClick={() => preset(count)}>
              Last {count} days
            </Button>
          ))}
        </span>
        {problem && (
          <p role="alert" className="field-error">
            {problem}
          </p>
        )}
      </form>
      <p className="overview-showing" aria-live="polite">
        Showing {range.from} to {range.to}.
      </p>
      <div className="overview-grid">
        <RevenuePanels range={range} />
        <SubscriptionPanels range={range} />
        <CreditPanels range={range} />
        <JobPanels range={range} />
        <HostPanels range={range} />
        <LanePanels range={range} />
        <TopSpendersPanel range={range} />
      </div>
    </section>
  );
}
