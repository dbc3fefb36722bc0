import type { JobWire } from '@app/domain';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { jobService, listJobs, setJobPublic } from '@/api/jobs.ts';
import { JobCard, JobErrorAlert, jobPrompt } from '@/components/job-card/index.ts';
import { Button, Spinner } from '@/components/ui/index.ts';
import { paths } from '@/config/paths.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import '../components/studio.css';

/** The signed-in user's own creations, newest first: public or private, and delete. */
export function MyCreationsPage() {
  useDocumentTitle('My creations');
  const [jobs, setJobs] = useState<JobWire[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(false);

  const more = async (from: string) => {
    setLoading(true);
    try {
      const page = await listJobs({ mine: true, cursor: from });
      setJobs((current) => [...(current ?? []), ...page.jobs]);
      setCursor(page.nextCursor);
    } catch (caught) {
      setError(caught);
    } finally {
      setLoading(false);
    }
  };

  useEffect(() => {
    listJobs({ mine: true }).then((page) => {
      setJobs(page.jobs);
      setCursor(page.nextCursor);
    }, setError);
  }, []);

  const replace = (job: JobWire) =>
    setJobs((current) => current?.map((existing) => (existing.id === job.id ? job : existing)) ?? null);

  return (
    <section className="studio">
      <div className="studio-title">
        <h1>My creations</h1>
        <nav aria-label="Studio" className="studio-links">
          <Link to={paths.studio.href()}>Back to the studio</Link>
        </nav>
      </div>
      {error !== null && <JobErrorAlert error={error} />}
      {jobs === null ? (
        <Spinner label="Loading your creations…" />
      ) : jobs.length === 0 ? (
        <p>
          You have not made anything yet. <Link to={paths.studio.href()}>Open the studio</Link> to start.
        </p>
      ) : (
        <ul className="mine-list">
          {jobs.map((job) => (
            <li key={job.id}>
              <JobCard
                service={jobService}
                job={job}
                signedIn
                onNewJob={(created) => setJobs((current) => [created, ...(current ?? [])])}
                onRemoved={(id) =>
                  setJobs((current) => current?.filter((existing) => existing.id !== id) ?? null)
                }
              />
              <label className="mine-public">
                <input
                  type="checkbox"
                  // Every card has this box: its name says which creation it is about.
                  aria-label={`Show in the public gallery: ${jobPrompt(job) || `/${job.command}`}`}
                  checked={job.public}
                  onChange={(event) =>
                    void setJobPublic(job.id, event.target.checked).then(
                      ({ job: updated }) => replace(updated),
                      setError,
                    )
                  }
                />
                Show in the public gallery
              </label>
            </li>
          ))}
        </ul>
      )}
      {cursor && (
        <Button variant="secondary" disabled={loading} onClick={() => void more(cursor)}>
          {loading ? 'Loading…' : 'Show older creations'}
        </Button>
      )}
    </section>
  );
}
