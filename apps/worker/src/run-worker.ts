import { createDatabase, describeDatabaseUrl, waitForDatabase } from '@app/db';
import { describeError } from '@app/domain';
import type { JobFamily, Provider } from '@app/generation';
import {
  type WorkerSettings,
  createMetrics,
  mediaStorageFor,
  providersFor,
  startJobQueue,
  startWorker,
} from '@app/jobs';
import { serveMetrics } from './metrics-server.ts';
import { watchDatabase } from './stall-watch.ts';

/**
 * A worker process: the queue on the shared PostgreSQL database, the media folder (or bucket) and
 * the providers. Stops gracefully on SIGTERM/SIGINT: the running job finishes or, past the grace
 * period, is left for the queue to retry.
 */
export async function runWorkerProcess(
  settings: WorkerSettings,
  providers: Record<JobFamily, Provider> = providersFor(
    settings.generation.backends,
    settings.generation.deadlines,
  ),
) {
  if (!settings.databaseUrl) {
    throw new Error(
      'A separate worker needs DATABASE_URL (PostgreSQL): the embedded database belongs to the API process, which runs its own worker.',
    );
  }
  const database = createDatabase({ databaseUrl: settings.databaseUrl, poolSize: 4 });
  let told = false;
  await waitForDatabase(database, {
    maxWaitMs: settings.databaseWaitMs,
    onRetry: (message) => {
      if (!told) console.error(`${message}; retrying for up to ${settings.databaseWaitMs / 1000} s`);
      told = true;
    },
  });
  await database.migrate();
  const queue = await startJobQueue(database, settings.generation);
  const storage = mediaStorageFor(settings.generation, settings.dataDir);
  const metrics = createMetrics();
  metrics.watchQueue(() => queue);
  metrics.watchDatabase(database);
  const worker = await startWorker({
    database,
    queue,
    storage,
    providers,
    settings: settings.generation,
    metrics,
  });
  // Connections reopen by themselves after a blip; a database away for longer ends the process so
  // that its supervisor restarts it (the queue gives its running jobs to other workers).
  const stallWatch = watchDatabase({
    ping: () => database.ping(),
    stallMs: settings.stallExitMs,
    onStall: (silentMs) => {
      console.error(
        `worker exiting: the database at ${describeDatabaseUrl(settings.databaseUrl!)} has not answered for ${Math.round(silentMs / 1000)} s`,
      );
      process.exit(1);
    },
  });
  const metricsServer =
    settings.metrics.port === undefined ? undefined : await serveMetrics(metrics, settings.metrics);
  console.log(
    `worker running (backend families: one job per free host slot; local families: ${settings.generation.workerConcurrency} at a time)`,
  );
  if (metricsServer) console.log(`worker metrics at ${metricsServer.url}/metrics`);

  // SIGTERM: stop fetching, let running attempts finish within SHUTDOWN_DEADLINE_SECONDS (past
  // it they are left to the queue, which retries them elsewhere), close up; past the deadline,
  // exit anyway.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const deadlineMs = settings.shutdownDeadlineMs;
    console.log(`worker stopping (${signal}); running jobs get ${deadlineMs / 1000} s to finish`);
    setTimeout(() => {
      console.error('worker stop passed its deadline; exiting');
      process.exit(1);
    }, deadlineMs).unref();
    let code = 0;
    stallWatch.stop();
    try {
      await metricsServer?.close();
      await worker.stop({ deadlineMs: Math.max(0, deadlineMs - 3000) });
      await queue.stop();
      await database.close();
    } catch (error) {
      console.error('worker stop failed:', describeError(error));
      code = 1;
    } finally {
      process.exit(code);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
