import { type JobWire, LANE_TEXTS, describeWait } from '@app/domain';

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
      return `Waiting in the queue${inLane(job)}: position ${job.position + 1}${aboutWait(job.waitSeconds)}`;
    case 'running':
      return `Working on it${inLane(job)}: ${Math.round(job.progress * 100)}%`;
    case 'succeeded':
      return 'Done';
    case 'failed':
      return `Failed: ${job.error?.message || 'the job could not be finished'}. Your credits were refunded.`;
    case 'cancelled':
      return 'Cancelled. Your credits were refunded.';
  }
}

/** Relax and turbo jobs say their lane (and a job sent to relax for want of credits, why). */
const inLane = (job: Pick<JobWire, 'lane' | 'autoRelaxed'>) =>
  !job.lane || job.lane === 'fast'
    ? ''
    : ` (${LANE_TEXTS.inLane(job.lane)}${job.autoRelaxed ? ', out of credits' : ''})`;

const aboutWait = (seconds: number | undefined) =>
  seconds === undefined ? '' : `, ${describeWait(seconds)}`;

/** While a job is under way: the moment it is refunded by itself if it never finishes. */
export function jobRefundText(job: JobWire, locale?: string): string | null {
  if ((job.status !== 'queued' && job.status !== 'running') || !job.refundAt) return null;
  const at = new Date(job.refundAt);
  const time = at.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
  return `Refunded automatically if not finished by ${time}.`;
}

/** Image results can be varied and turned into a GIF; every finished job can be re-rolled. */
export const isImageJob = (job: JobWire) =>
  job.kind === 'image' && job.outputs.some((output) => output.mime.startsWith('image/'));
