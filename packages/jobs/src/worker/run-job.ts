import {
  type Database,
  type JobRow,
  finishLoraTraining,
  isDatabaseUnavailable,
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
import { type MediaStorage, type Provider, ProviderError, isHostFault } from '@app/generation';
import { endJobWithRefund } from '../settle.ts';
import { buildRequest } from './build-request.ts';
import { deleteStored, storeOutputs } from './store-outputs.ts';

export interface Attempt {
  jobId: string;
  /** 0 on the first attempt; the queue counts lost workers as attempts too. */
  retryCount: number;
  retryLimit: number;
  /** Aborted when the attempt must be given up: its claim is gone, or the worker is stopping. */
  signal: AbortSignal;
}

export interface RunJobOptions {
  database: Database;
  storage: MediaStorage;
  provider: Provider;
  /** The attempt is abandoned after this long, even when the provider never returns. */
  deadlineSeconds: number;
  /** The host whose slot the attempt holds; none for the local provider. */
  host?: string;
  /** Another host, or this one once it answers again, may take the job over without a charge. */
  failover?: boolean;
  /**
   * Called once the host has given its last answer (the provider's `hostDone`, or its result): the
   * host is free while the outputs are decoded and stored.
   */
  onProviderDone?: () => void;
  attempt: Attempt;
  /**
   * The job as the dispatch claim already started and announced it (null: it had ended); when
   * absent, the attempt marks the job started and announces it itself.
   */
  started?: JobRow | null;
}

/**
 * How an attempt ended for the queue: `ended` (succeeded, failed and refunded, cancelled, or
 * already over), `retry` (a retryable failure: try again after a backoff), `host-failed` (the host
 * failed, not the job: back in the queue at once for another host, not counted as an attempt), or
 * `abandoned` (given up on the attempt's signal; the caller decides what happens to the job).
 * `hostFault` on `ended` and `retry`: the host also failed (it gave no answer before the
 * deadline, or the job had used up its free moves), so it leaves rotation all the same.
 */
export type AttemptOutcome =
  | { kind: 'ended'; hostFault?: ProviderError }
  | { kind: 'retry'; error: ProviderError; hostFault?: boolean }
  | { kind: 'host-failed'; error: ProviderError }
  | { kind: 'abandoned' };

/** Host failures one job may meet before they count against its retries (a flapping fleet). */
const FREE_FAILOVERS = 6;

const PROGRESS_INTERVAL_MS = 500;
const CANCEL_POLL_MS = 1000;

/**
 * Runs one attempt of a job. Resolves when the job needs nothing more from the queue (succeeded,
 * failed and refunded, cancelled, or already ended); throws a retryable ProviderError when the
 * queue should try again later.
 */
export async function runJob(options: RunJobOptions): Promise<AttemptOutcome> {
  const { database, storage, provider, deadlineSeconds, attempt } = options;
  const { db } = database;
  // Conditional on the job not having ended (cancelled while queued, or done already).
  const job =
    options.started !== undefined ? options.started : await startJobAttempt(db, attempt.jobId, provider.name);
  if (!job) return { kind: 'ended' };
  // Told while the request is built: a host waiting for work waits for neither longer than both.
  const announced =
    options.started !== undefined
      ? Promise.resolve()
      : publishJobEvent(db, { jobId: job.id, userId: job.userId, status: 'running', progress: job.progress });

  const stop = new AbortController();
  const timeout = AbortSignal.timeout(deadlineSeconds * 1000);
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

  let externalId = job.externalId ?? undefined;
  // Whether the provider has the job: only its failures are the generator's. Before and after it
  // (the request built from stored uploads, the outputs stored and the job settled) a lost or
  // stalled database is the database's fault, and the attempt goes back to the queue uncounted.
  let withProvider = false;
  try {
    const [request] = await Promise.all([buildRequest(database, storage, job, signal), announced]);
    // A provider stuck where no signal reaches (native code, a hung socket) is not waited for: at
    // the deadline the attempt is given up and its slot freed; the provider's own abort handling
    // (interrupting the host, ending its process) runs on the same signal.
    withProvider = true;
    const result = await Promise.race([
      provider.run(request, {
        signal,
        onProgress,
        externalId,
        saveExternalId: async (id) => {
          externalId = id;
          await setJobExternalId(db, job.id, id);
        },
        host: options.host,
        hostDone: options.onProviderDone,
      }),
      abandonedOn(signal),
    ]);
    if (signal.aborted) throw signal.reason;
    withProvider = false;
    options.onProviderDone?.();
    await succeed({ database, storage, job, result });
    return { kind: 'ended' };
  } catch (error) {
    if (stop.signal.aborted) return { kind: 'ended' }; // cancelled by its owner, who was refunded then
    if (timeout.aborted && externalId && provider.cancel) void provider.cancel(externalId).catch(() => {});
    if (attempt.signal.aborted && !timeout.aborted) return { kind: 'abandoned' };
    // Thrown on to the dispatcher, which hands the attempt back once the database answers.
    if (!withProvider && isDatabaseUnavailable(error)) throw error;
    const failure = asProviderError(error, timeout.aborted, deadlineSeconds);
    // A host that gave no answer before the deadline is judged like one that answered garbage: it
    // leaves rotation at once. The job's attempt still counts, so a job that is simply too long
    // for its deadline cannot take every host out again and again.
    const hostFault = !!options.host && (isHostFault(failure) || timeout.aborted);
    if (options.failover && isHostFault(failure) && job.attempts <= attempt.retryLimit + FREE_FAILOVERS) {
      await requeueJob(db, job.id, failure);
      await publishJobEvent(db, { jobId: job.id, userId: job.userId, status: 'queued', progress: 0 });
      return { kind: 'host-failed', error: failure };
    }
    if (failure.retryable && attempt.retryCount < attempt.retryLimit) {
      await requeueJob(db, job.id, failure);
      await publishJobEvent(db, { jobId: job.id, userId: job.userId, status: 'queued', progress: 0 });
      return { kind: 'retry', error: failure, hostFault };
    }
    await db.transaction((tx) => endJobWithRefund(tx, job.id, 'failed', failure));
    return hostFault ? { kind: 'ended', hostFault: failure } : { kind: 'ended' };
  } finally {
    clearInterval(cancelWatch);
  }
}

/** Rejects when `signal` aborts; never settles otherwise. */
function abandonedOn(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason as Error);
    else signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
  });
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

function asProviderError(error: unknown, timedOut: boolean, deadlineSeconds: number): ProviderError {
  if (timedOut) {
    return new ProviderError('TIMEOUT', `The generator took longer than ${deadlineSeconds} seconds.`, {
      retryable: true,
      cause: error,
    });
  }
  if (error instanceof ProviderError) return error;
  return new ProviderError('GENERATION_FAILED', 'The generator failed on this request.', {
    retryable: false,
    cause: error,
  });
}
