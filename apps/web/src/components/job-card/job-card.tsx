import type { JobWire } from '@app/domain';
import { Suspense, lazy, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/index.ts';
import { paths } from '@/config/paths.ts';
import type { ActionExtra, JobAction, JobService } from '@/lib/job-service.ts';
import { ImageActions } from './image-actions.tsx';
import { JobErrorAlert } from './job-error.tsx';
import { JobMedia } from './job-media.tsx';
import { isImageJob, jobPrompt, jobRefundText, jobStatusText } from './job-summary.ts';
import { isEnded, useLiveJob } from './use-live-job.ts';
import './jobs.css';

// The edit form and its schema load when a prompt is edited, not with every card.
const EditPrompt = lazy(() => import('./edit-prompt.tsx').then((module) => ({ default: module.EditPrompt })));

export interface JobCardProps {
  job: JobWire;
  /** The way to the server (`jobService` from the data layer). */
  service: JobService;
  /** Signed-in viewers may love and act on a result; others only look. */
  signedIn: boolean;
  /** A re-roll, variation, GIF or edit started a new job. */
  onNewJob?: (job: JobWire) => void;
  onRemoved?: (id: string) => void;
  /** Show the link to the creation's own page. */
  linkToPage?: boolean;
  /** The job reached its end (succeeded, failed or cancelled) while shown. */
  onEnded?: (status: JobWire['status']) => void;
}

/** One job, kept live: queue position, progress, then the result with what can be done to it. */
export function JobCard({
  job: initial,
  service,
  signedIn,
  onNewJob,
  onRemoved,
  onEnded,
  linkToPage = true,
}: JobCardProps) {
  const [job, setJob] = useLiveJob(initial, service);
  const endedStatus = isEnded(job) ? job.status : null;
  // Told once per ending, whatever callback the parent passes on later renders.
  const onEndedRef = useRef(onEnded);
  useEffect(() => {
    onEndedRef.current = onEnded;
  }, [onEnded]);
  useEffect(() => {
    if (endedStatus && !isEnded(initial)) onEndedRef.current?.(endedStatus);
  }, [endedStatus, initial]);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState(false);
  const [copied, setCopied] = useState(false);
  const headingId = useId();
  const prompt = jobPrompt(job);
  const done = job.status === 'succeeded';

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (caught) {
      setError(caught);
    } finally {
      setBusy(false);
    }
  };
  const act = (action: JobAction, newPrompt?: string, extra?: ActionExtra) =>
    run(async () => {
      const { job: created } = extra
        ? await service.act(job.id, action, newPrompt, extra)
        : await service.act(job.id, action, newPrompt);
      setEditing(false);
      onNewJob?.(created);
    });
  const pageUrl = () => new URL(paths.creation.href(job.id), window.location.origin).href;

  return (
    <article className="job-card" aria-labelledby={headingId} data-status={job.status} data-job-id={job.id}>
      <header className="job-card-head">
        <h3 id={headingId}>
          /{job.command} <span className="job-prompt">{prompt}</span>
        </h3>
        <p className="job-status" role="status">
          {jobStatusText(job)}
        </p>
        {jobRefundText(job) && <p className="job-refund">{jobRefundText(job)}</p>}
        {job.status === 'running' && (
          <progress max={1} value={job.progress} aria-label="Progress">
            {Math.round(job.progress * 100)}%
          </progress>
        )}
      </header>
      {done && <JobMedia job={job} describe={prompt || `/${job.command}`} />}
      {error !== null && <JobErrorAlert error={error} onAppeal={service.appeal} />}
      <div className="job-actions">
        {!isEnded(job) && job.mine && (
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() =>
              void run(async () => {
                setJob((await service.cancel(job.id)).job);
              })
            }
          >
            Cancel
          </Button>
        )}
        {done && signedIn && (
          <>
            <Button
              variant="secondary"
              aria-pressed={job.lovedByMe}
              disabled={busy}
              onClick={() =>
                void run(async () => {
                  const { loved, loves } = await service.love(job.id);
                  setJob({ ...job, lovedByMe: loved, loves });
                })
              }
            >
              {job.lovedByMe ? '♥ Loved' : '♡ Love'} <span className="job-loves">{job.loves}</span>
            </Button>
            {/* Training again under the same name would only be refused: the name is taken. */}
            {job.kind !== 'lora' && (
              <Button variant="secondary" disabled={busy} onClick={() => void act('reroll')}>
                Re-roll
              </Button>
            )}
            {isImageJob(job) && (
              <Button variant="secondary" disabled={busy} onClick={() => void act('vary')}>
                Vary
              </Button>
            )}
            {/* A GIF and an edited prompt are the creator's own: the server refuses them to others. */}
            {isImageJob(job) && job.mine && (
              <Button variant="secondary" disabled={busy} onClick={() => void act('gif')}>
                GIF
              </Button>
            )}
            {typeof job.options.prompt === 'string' && job.mine && (
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() => setEditing(!editing)}
                aria-expanded={editing}
              >
                Edit prompt
              </Button>
            )}
          </>
        )}
        {done && !signedIn && <span className="job-loves-count">♥ {job.loves}</span>}
        {done && job.outputs[0] && (
          <a className="btn btn-ghost" href={job.outputs[0].url} download>
            Download
          </a>
        )}
        {done && (
          <Button
            variant="ghost"
            onClick={() =>
              void navigator.clipboard?.writeText(pageUrl()).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {copied ? 'Link copied' : 'Copy link'}
          </Button>
        )}
        {done && linkToPage && <Link to={paths.creation.href(job.id)}>Open page</Link>}
        {isEnded(job) && job.mine && (
          <Button
            variant="danger"
            disabled={busy}
            onClick={() =>
              void run(async () => {
                if (!window.confirm('Delete this creation for good?')) return;
                await service.remove(job.id);
                onRemoved?.(job.id);
              })
            }
          >
            Delete
          </Button>
        )}
      </div>
      {done && signedIn && isImageJob(job) && (
        <ImageActions
          outputs={job.outputs}
          busy={busy}
          onAct={(action, extra) => void act(action, undefined, extra)}
        />
      )}
      {editing && (
        <Suspense fallback={null}>
          <EditPrompt initial={prompt} busy={busy} onSubmit={(text) => void act('edit', text)} />
        </Suspense>
      )}
    </article>
  );
}
