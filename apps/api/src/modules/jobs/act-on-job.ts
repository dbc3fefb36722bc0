import { type Db, type JobRow, type UserRow } from '@app/db';
import { type ResultAction, findCommand, isImageAction, priceOfAction } from '@app/domain';
import type { MediaStorage } from '@app/generation';
import { type GenerationSettings, promptOf } from '@app/jobs';
import { AppError, badRequest } from '../../lib/errors.ts';
import { checkActionImage } from './check-action-image.ts';
import { isOwnerOrAdmin, loadVisibleJob } from './job-access.ts';
import { type SubmitJobOptions, type SubmittedJob, submitJob } from './submit-job.ts';

export interface ActOnJobOptions {
  db: Db;
  storage: MediaStorage;
  settings: GenerationSettings;
  viewer: UserRow;
  id: string;
  action: ResultAction;
  prompt?: string;
  /** Which image of a grid an image action works from (U2, V3); default 1. */
  index?: number;
  /** Custom Zoom's factor. */
  factor?: number;
  requestId?: string;
  /** `studio` by default; the bot passes `discord` and records where to post the result. */
  source?: string;
  delivery?: SubmitJobOptions['delivery'];
  /** Gore and horror prompts are allowed (an age-restricted horror channel). */
  horrorAllowed?: boolean;
  /** In a Discord channel every result is public, so anyone may edit or animate it as their own job. */
  openToAll?: boolean;
}

/**
 * A result button: a new job made from an earlier one, charged to whoever pressed it. Anyone may
 * re-roll or vary a public creation; GIF and edit are for its creator.
 */
export async function actOnJob(options: ActOnJobOptions): Promise<SubmittedJob> {
  const { db, viewer, action } = options;
  const original = await loadVisibleJob(db, options.id, viewer);
  if (!options.openToAll && (action === 'gif' || action === 'edit') && !isOwnerOrAdmin(original, viewer)) {
    throw new AppError('FORBIDDEN', {
      status: 403,
      message: `Only the creator can ${action === 'gif' ? 'make a GIF of' : 'edit'} this`,
    });
  }
  const common = {
    db,
    storage: options.storage,
    settings: options.settings,
    user: viewer,
    source: options.source ?? 'studio',
    requestId: options.requestId,
    delivery: options.delivery,
    horrorAllowed: options.horrorAllowed,
    // What is made from a mature creation is mature too.
    mature: original.contentLevel === 'mature',
    parentJobId: original.id,
  };
  if (isImageAction(action)) {
    await checkActionImage({ db, original, action, index: options.index, factor: options.factor });
    // With Remix, the edited prompt replaces the one the image was made from.
    const prompt = options.prompt ?? promptOf(original.options);
    const actionOptions: Record<string, string | number> = prompt ? { prompt } : {};
    if (options.index !== undefined) actionOptions.index = options.index;
    if (options.factor !== undefined) actionOptions.factor = options.factor;
    return submitJob({
      ...common,
      command: action,
      options: actionOptions,
      price: priceOfAction(action, original),
    });
  }
  const options_ = { ...(original.options as Record<string, string | number | boolean>) };
  if (action === 'edit') {
    if (!options.prompt) throw badRequest('An edit needs the new prompt', 'BAD_OPTIONS');
    const key = promptKey(original);
    if (!key) throw badRequest(`/${original.command} has no prompt to edit`, 'BAD_OPTIONS');
    options_[key] = options.prompt;
  }
  return submitJob({ ...common, command: original.command, options: options_ });
}

function promptKey(job: JobRow): string | undefined {
  return findCommand(job.command)?.options.find(
    (option) => option.type === 'string' && ['prompt', 'text', 'style', 'description'].includes(option.name),
  )?.name;
}
