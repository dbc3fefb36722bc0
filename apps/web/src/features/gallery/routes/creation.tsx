import type { CreationBody, JobWire } from '@app/domain';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { JobApiError, jobService } from '@/api/jobs.ts';
import { JobCard, jobPrompt } from '@/components/job-card/index.ts';
import { Spinner } from '@/components/ui/index.ts';
import { paths } from '@/config/paths.ts';
import { fetchCurrentUser } from '@/api/current-user.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { getCreation } from '../api/get-creation.ts';
import { reportCreation } from '@/api/report-creation.ts';
import { ReportButton } from '@/components/report-button/index.ts';
import '@/components/creation-grid/gallery.css';

type State =
  | { kind: 'loading'; id?: undefined }
  | { kind: 'missing'; id: string }
  | { kind: 'failed'; id: string; message: string }
  | { kind: 'ready'; id: string; creation: CreationBody; signedIn: boolean };

/** A creation's own page: its media, prompt, creator and loves; signed-in visitors can build on it. */
export function CreationPage() {
  const { id = '' } = useParams();
  const [loaded, setState] = useState<State>({ kind: 'loading' });
  // What was loaded for another address counts as loading until this one's answer arrives.
  const state: State = loaded.id === id ? loaded : { kind: 'loading' };
  const [made, setMade] = useState<JobWire[]>([]);
  // A mature creation the viewer chose to see blurred stays behind a button until it is pressed.
  const [revealed, setRevealed] = useState<string | null>(null);
  const prompt = state.kind === 'ready' ? jobPrompt(state.creation.job) : '';
  useDocumentTitle(state.kind === 'ready' ? prompt.slice(0, 60) || 'Creation' : 'Creation');

  useEffect(() => {
    let current = true;
    Promise.all([getCreation(id), fetchCurrentUser()]).then(
      ([creation, user]) => current && setState({ kind: 'ready', id, creation, signedIn: user !== null }),
      (error: unknown) =>
        current &&
        setState(
          error instanceof JobApiError && (error.status === 404 || error.status === 400)
            ? { kind: 'missing', id }
            : { kind: 'failed', id, message: (error as Error).message },
        ),
    );
    return () => {
      current = false;
    };
  }, [id]);

  if (state.kind === 'loading') return <Spinner label="Loading the creation…" />;
  if (state.kind === 'missing')
    return (
      <section>
        <h1>Creation not found</h1>
        <p>
          This creation does not exist, was deleted, or is private.{' '}
          <Link to={paths.gallery.href()}>See the gallery</Link>
        </p>
      </section>
    );
  if (state.kind === 'failed') return <p role="alert">The creation could not be loaded: {state.message}</p>;

  const { job, creator } = state.creation;
  if (job.blur && revealed !== job.id)
    return (
      <section className="creation-page">
        <h1>A mature creation</h1>
        <p>
          This creation is for adults (horror or gore), and your settings blur mature creations.{' '}
          <button type="button" className="btn btn-secondary" onClick={() => setRevealed(job.id)}>
            Show it
          </button>
        </p>
      </section>
    );
  return (
    <section className="creation-page">
      <h1>{prompt || `/${job.command}`}</h1>
      <p className="creation-meta">
        Made by <strong data-testid="creator">{creator.discordName}</strong> with /{job.command} on{' '}
        {new Date(job.createdAt).toLocaleDateString()}
      </p>
      <JobCard
        service={jobService}
        job={job}
        signedIn={state.signedIn}
        linkToPage={false}
        onNewJob={(created) => setMade((current) => [created, ...current])}
      />
      {!state.signedIn && (
        <p>
          <Link to={paths.menu.href({ signIn: true })}>Sign in</Link> to love it, report it or make your own
          version.
        </p>
      )}
      {state.signedIn && !job.mine && (
        <p className="creation-report">
          <ReportButton onReport={(body) => reportCreation(job.id, body)} />
        </p>
      )}
      {made.length > 0 && (
        <section aria-label="What you made from it" className="creation-page">
          <h2>What you made from it</h2>
          {made.map((created) => (
            <JobCard
              service={jobService}
              key={created.id}
              job={created}
              signedIn
              onNewJob={(next) => setMade((current) => [next, ...current])}
            />
          ))}
        </section>
      )}
      <p>
        <Link to={paths.gallery.href()}>More in the gallery</Link>
      </p>
    </section>
  );
}
