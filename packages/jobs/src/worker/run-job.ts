import {
  type Database,
  type JobRow,
  finishLoraTraining,
  getJob,
  jobStatus,
  markJobSucceeded,
  mediaForJobs,
  publishJobEvent,
  replaceJobMedia,
  requeueJob,
  setJobExternalId,
  setJobProgress,
  startJobAttempt,
} from '@app/db';
import { type MediaStorage, type Provider, ProviderError } from '@app/generation';
import { endJobWithRefund } from '../settle.ts';
import { buildRequest } from './build-request.ts';
import { deleteStored, storeOutputs } from './store-outputs.ts';

export interface Attempt {
  jobId: string;
  /** 0 on the first attempt; the queue counts lost workers as attempts too. */
  retryCount: number;
  retryLimit: number;
  /** Aborted by the queue when the attempt's claim is gone. */
  signal: AbortSignal;
}

export interface RunJobOptions {
  database: Database;
  storage: MediaStorage;
  provider: Provider;
  timeoutSeconds: number;
  attempt: Attempt;
}

const PROGRESS_INTERVAL_MS = 500;
const CANCEL_POLL_MS = 1000;

/**
 * Runs one attempt of a job. Resolves when the job needs nothing more from the queue (succeeded,
 * failed and refunded, cancelled, or already ended); throws a retryable ProviderError when the
 * queue should try again later.
 */
export async function runJob({ database, storage, provider, timeoutSeconds, attempt }: RunJobOptions) {
  const { db } = database;
  const existing = await getJob(db, attempt.jobId);
  if (!existing || !['queued', 'running'].includes(existing.status)) return;
  const job = await startJobAttempt(db, attempt.jobId, provider.name);
  if (!job) return;
  await publishJobEvent(db, { jobId: job.id, userId: job.userId, status: 'running', progress: job.progress });

  const stop = new AbortController();
  const timeout = AbortSignal.timeout(timeoutSeconds * 1000);
  const signal = AbortSignal.any([stop.signal, timeout, attempt.signal]);
  const cancelWatch = setInterval(() => {
    jobStatus(db, job.id)
      .then((status) => {
        if (status !== 'running') stop.abort(new Error('cancelled'));
      })
      .catch(() => {});
  }, CANCEL_POLL_MS);
  let lastProgress = 0;
  let lastWrite = 0;
  const onProgress = (fraction: number) => {
    const now = Date.now();
    if (now - lastWrite < PROGRESS_INTERVAL_MS || fraction - lastProgress < 0.01) return;
    lastWrite = now;
    lastProgress = Math.min(0.99, Math.max(0, fraction));
    void setJobProgress(db, job.id, lastProgress)
      .then(() =>
        publishJobEvent(db, { jobId: job.id, userId: job.userId, status: 'running', progress: lastProgress }),
      )
      .catch(() => {});
  };

  try {
    const request = await buildRequest(database, storage, job, signal);
    const result = await provider.run(request, {
      signal,
      onProgress,
      externalId: job.externalId ?? undefined,
      saveExternalId: (id) => setJobExternalId(db, job.id, id),
    });
    if (signal.aborted) throw signal.reason;
    await succeed({ database, storage, job, result });
  } catch (error) {
    if (stop.signal.aborted) return; // cancelled by its owner, who was refunded then
    const failure = asProviderError(error, timeout.aborted, timeoutSeconds);
    if (failure.retryable && attempt.retryCount < attempt.retryLimit) {
      await requeueJob(db, job.id, failure);
      await publishJobEvent(db, { jobId: job.id, userId: job.userId, status: 'queued', progress: 0 });
      throw failure;
    }
    await db.transaction((tx) => endJobWithRefund(tx, job.id, 'failed', failure));
  } finally {
    clearInterval(cancelWatch);
  }
}

async function succeed({
  database,
  storage,
  job,
  result,
}: {
  database: Database;
  storage: MediaStorage;
  job: JobRow;
  result: Awaited<ReturnType<Provider['run']>>;
}) {
  const { db } = database;
  const rows = await storeOutputs(storage, job.id, result.outputs);
  const previous = await mediaForJobs(db, [job.id]);
  const done = await db.transaction(async (tx) => {
    const finished = await markJobSucceeded(tx, job.id, result.text ?? null);
    if (!finished) return null;
    await replaceJobMedia(tx, job.id, rows);
    if (job.family === 'lora') {
      if (!result.loraReference)
        throw new ProviderError('NO_MODEL', 'Training finished without a model.', { retryable: false });
      await finishLoraTraining(tx, job.id, { status: 'ready', reference: result.loraReference });
    }
    await publishJobEvent(tx, { jobId: job.id, userId: job.userId, status: 'succeeded', progress: 1 });
    return finished;
  });
  // Cancelled meanwhile: this attempt's files are not kept. Otherwise the replaced set goes.
  const stale = done ? previous : rows;
  await deleteStored(
    storage,
    stale.flatMap((row) => [row.storageKey, row.thumbKey]),
  );
}

function asProviderError(error: unknown, timedOut: boolean, timeoutSeconds: number): ProviderError {
  if (error instanceof ProviderError) return error;
  if (timedOut) {
    return new ProviderError('TIMEOUT', `The generator took longer than ${timeoutSeconds} seconds.`, {
      retryable: true,
      cause: error,
    });
  }
  return new ProviderError('GENERATION_FAILED', 'The generator failed on this request.', {
    retryable: false,
    cause: error,
  });
}
