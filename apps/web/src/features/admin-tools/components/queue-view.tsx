import type { QueueJobWire, QueueViewBody } from '@app/domain';
import type { ReactNode } from 'react';
import { Alert, Button, Spinner } from '@/components/ui/index.ts';
import { apiErrorMessage } from '@/lib/api-error.ts';
import { useCancelJobMutation, useGetJobQueueQuery } from '../api/job-queue.ts';

const STATES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/** The job queue for admins: counts, the longest-waiting jobs (cancel one that is stuck), failures. */
export function QueueView() {
  const { data, isLoading, error, refetch, isFetching } = useGetJobQueueQuery();
  const [cancel, cancelling] = useCancelJobMutation();
  if (isLoading) return <Spinner label="Loading the queue…" />;
  if (error || !data) return <Alert>{apiErrorMessage(error, 'The queue could not be loaded.')}</Alert>;
  const families = [...new Set(data.counts.map((row) => row.family))];
  const count = (family: string, status: string) =>
    data.counts.find((row) => row.family === family && row.status === status)?.count ?? 0;
  return (
    <section aria-labelledby="queue-title" className="queue-view">
      <h2 id="queue-title">Job queue</h2>
      <Button variant="secondary" disabled={isFetching} onClick={() => void refetch()}>
        {isFetching ? 'Refreshing…' : 'Refresh'}
      </Button>
      {families.length === 0 ? (
        <p>No jobs yet.</p>
      ) : (
        <div className="table-scroll">
          <table>
            <caption>Jobs per family and state</caption>
            <thead>
              <tr>
                <th scope="col">Family</th>
                {STATES.map((status) => (
                  <th key={status} scope="col">
                    {status}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {families.map((family) => (
                <tr key={family}>
                  <th scope="row">{family}</th>
                  {STATES.map((status) => (
                    <td key={status}>{count(family, status)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <HostTable hosts={data.hosts} />
      {cancelling.error && (
        <Alert>{apiErrorMessage(cancelling.error, 'The job could not be cancelled.')}</Alert>
      )}
      <h3>Waiting or running, oldest first</h3>
      <JobList
        jobs={data.active}
        empty="Nothing is waiting."
        action={(job) => (
          <Button
            variant="danger"
            disabled={cancelling.isLoading}
            onClick={() => {
              if (window.confirm(`Cancel /${job.command} of ${job.discordName} and refund it?`))
                void cancel(job.id);
            }}
          >
            Cancel and refund
          </Button>
        )}
      />
      <h3>Recent failures</h3>
      <JobList jobs={data.failures} empty="No failures." />
    </section>
  );
}

function JobList({
  jobs,
  empty,
  action,
}: {
  jobs: QueueJobWire[];
  empty: string;
  action?: (job: QueueJobWire) => ReactNode;
}) {
  if (jobs.length === 0) return <p>{empty}</p>;
  return (
    <ul className="queue-jobs">
      {jobs.map((job) => (
        <li key={job.id}>
          <strong>/{job.command}</strong> ({job.family}, {job.status}) by {job.discordName}, sent{' '}
          {when(job.createdAt)}
          {job.startedAt && `, started ${when(job.startedAt)}`}
          {job.error && (
            <p className="queue-error">
              {job.error.code}: {job.error.message}
            </p>
          )}
          {action?.(job)}
        </li>
      ))}
    </ul>
  );
}

/** Each generation host as the workers see it, shared by every process through the database. */
function HostTable({ hosts }: { hosts: QueueViewBody['hosts'] }) {
  if (hosts.length === 0) return <p>Every family runs on the built-in local generator.</p>;
  return (
    <div className="table-scroll">
      <table>
        <caption>Generation hosts</caption>
        <thead>
          <tr>
            <th scope="col">Host</th>
            <th scope="col">Families</th>
            <th scope="col">State</th>
            <th scope="col">Busy slots</th>
            <th scope="col">Jobs done</th>
            <th scope="col">Last error</th>
          </tr>
        </thead>
        <tbody>
          {hosts.map((host) => (
            <tr key={host.host}>
              <th scope="row">
                {host.host} ({host.provider})
              </th>
              <td>{host.families.join(', ')}</td>
              <td>{host.status === 'up' ? 'up' : 'down, out of rotation'}</td>
              <td>
                {host.busy} of {host.slots}
              </td>
              <td>{host.jobsDone}</td>
              <td>{host.lastError ? `${host.lastError.message} (${when(host.lastError.at)})` : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
