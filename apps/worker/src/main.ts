import { describeError } from '@app/domain';
import { loadWorkerSettings } from '@app/jobs';
import { runWorkerProcess } from './run-worker.ts';

try {
  await runWorkerProcess(loadWorkerSettings(process.env));
} catch (error) {
  console.error('Worker failed to start:', describeError(error));
  process.exit(1);
}
