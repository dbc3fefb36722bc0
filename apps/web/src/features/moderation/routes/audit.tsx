import { zodResolver } from '@hookform/resolvers/zod';
import { AuditQuery } from '@app/domain';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, Button, Spinner } from '@/components/ui/index.ts';
import { apiErrorMessage } from '@/lib/api-error.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { AdminGate } from '../components/admin-gate.tsx';
import { type AuditFilters, useGetAuditQuery } from '../api/moderation.ts';
import '../moderation.css';

/** /admin/audit: every admin and moderator action, newest first, filtered by actor, target, action and dates. */
export function AuditPage() {
  useDocumentTitle('Audit trail');
  return (
    <AdminGate>
      <h1>Audit trail</h1>
      <Audit />
    </AdminGate>
  );
}

/** The filters the form sets, by the server's own rules. */
const FilterFields = AuditQuery.pick({ actor: true, target: true, action: true, from: true, to: true });
/** An empty date field filters nothing. */
const optionalDay = { setValueAs: (value: string) => value || undefined };

const describe = (value: unknown) => (value === undefined ? '' : JSON.stringify(value));

/** Who acted or whom it was done to: the name, with the id beneath; the id alone when there is no name. */
function Named({ who }: { who: { id: string; discordName: string | null } | null }) {
  if (!who) return <>—</>;
  if (!who.discordName) return <span className="audit-id">{who.id}</span>;
  return (
    <>
      <span title={who.id}>{who.discordName}</span>
      <br />
      <small className="audit-id">{who.id}</small>
    </>
  );
}

function Audit() {
  const { register, handleSubmit } = useForm({ resolver: zodResolver(FilterFields) });
  const [filters, setFilters] = useState<AuditFilters>({});
  const { data, isLoading, error, isFetching } = useGetAuditQuery(filters);
  const ids = { actor: useId(), target: useId(), action: useId(), from: useId(), to: useId() };
  return (
    <>
      <form
        className="audit-filters"
        aria-label="Filter the audit trail"
        onSubmit={(event) => void handleSubmit((values) => setFilters(values))(event)}
      >
        <label htmlFor={ids.actor}>Who (name or id)</label>
        <input id={ids.actor} {...register('actor')} />
        <label htmlFor={ids.target}>Whom (name or id)</label>
        <input id={ids.target} {...register('target')} />
        <label htmlFor={ids.action}>Action</label>
        <select id={ids.action} {...register('action')}>
          <option value="">Any</option>
          {data?.actions.map((action) => (
            <option key={action} value={action}>
              {action}
            </option>
          ))}
        </select>
        <label htmlFor={ids.from}>From</label>
        <input id={ids.from} type="date" {...register('from', optionalDay)} />
        <label htmlFor={ids.to}>To</label>
        <input id={ids.to} type="date" {...register('to', optionalDay)} />
        <Button type="submit" disabled={isFetching}>
          Filter
        </Button>
      </form>
      {isLoading ? (
        <Spinner label="Loading the audit trail…" />
      ) : error || !data ? (
        <Alert>{apiErrorMessage(error, 'The audit trail could not be loaded.')}</Alert>
      ) : data.entries.length === 0 ? (
        <p>No entries match.</p>
      ) : (
        <>
          <div className="table-scroll">
            <table className="audit-table">
              <caption>Audit entries, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">Action</th>
                  <th scope="col">Whom</th>
                  <th scope="col">Before</th>
                  <th scope="col">After</th>
                </tr>
              </thead>
              <tbody>
                {data.entries.map((entry) => {
                  const { before, after, ...rest } = entry.details;
                  const hasChange = 'before' in entry.details || 'after' in entry.details;
                  return (
                    <tr key={entry.id}>
                      <td>{new Date(entry.createdAt).toLocaleString()}</td>
                      <td>
                        <Named who={entry.actor} />
                      </td>
                      <td>{entry.action}</td>
                      <td>
                        <Named who={entry.target} />
                      </td>
                      <td className="audit-json">{hasChange ? describe(before) : ''}</td>
                      <td className="audit-json">{hasChange ? describe(after) : describe(rest)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {data.entries.length >= 50 && (
            <Button
              variant="secondary"
              onClick={() => setFilters({ ...filters, before: data.entries.at(-1)!.id })}
            >
              Older entries
            </Button>
          )}
        </>
      )}
    </>
  );
}
