import { loadWorkerSettings } from '@app/jobs';
import { runWorkerProcess } from './run-worker.ts';

try {
  await runWorkerProcess(loadWorkerSettings(process.env));
} catch (error) {
  console.error('Worker failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
}
