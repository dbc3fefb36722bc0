import type { JobWire } from '@app/domain';

const TEXT_OPTIONS = ['prompt', 'text', 'style', 'description', 'name'] as const;

/** The words a job was made from (its prompt, text or style), for titles and alt text. */
export function jobPrompt(job: Pick<JobWire, 'options'>): string {
  for (const name of TEXT_OPTIONS) {
    const value = job.options[name];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return '';
}

/** What the job is doing now, in plain words. */
export function jobStatusText(job: JobWire): string {
  switch (job.status) {
    case 'queued':
      // `position` counts the jobs ahead; people count from one.
      return `Waiting in the queue: position ${job.position + 1}${aboutWait(job.waitSeconds)}`;
    case 'running':
      return `Working on it: ${Math.round(job.progress * 100)}%`;
    case 'succeeded':
      return 'Done';
    case 'failed':
      return `Failed: ${job.error?.message || 'the job could not be finished'}. Your credits were refunded.`;
    case 'cancelled':
      return 'Cancelled. Your credits were refunded.';
  }
}

function aboutWait(seconds: number | undefined): string {
  if (seconds === undefined) return '';
  if (seconds < 60) return `, about ${Math.max(5, Math.ceil(seconds / 5) * 5)} seconds`;
  const minutes = Math.round(seconds / 60);
  return `, about ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** Image results can be varied and turned into a GIF; every finished job can be re-rolled. */
export const isImageJob = (job: JobWire) =>
  job.kind === 'image' && job.outputs.some((output) => output.mime.startsWith('image/'));
