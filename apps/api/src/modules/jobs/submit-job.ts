import { randomUUID } from 'node:crypto';
import {
  type Db,
  type DbOrTx,
  type JobRow,
  type SubmitStanding,
  type UserRow,
  findJobByRequest,
  insertQueuedJob,
  insertTrainingLora,
  isUniqueViolation,
  lockUserForSubmit,
  spendLocked,
} from '@app/db';
import {
  FREE_PLAN,
  type Price,
  applyPromptDefaults,
  canStartPrivate,
  dispatchRank,
  familyOf,
  findActionCommand,
  findCommand,
  priceOf,
  queueClassOf,
  queueLimitsOf,
} from '@app/domain';
import { type GenerationSettings, type JobQueue, holdKey, promptOf } from '@app/jobs';
import type { MediaStorage } from '@app/generation';
import { AppError, badRequest, unauthorized } from '../../lib/errors.ts';
import { paymentHoldOf } from '../billing/payment-hold.ts';
import { assertMayGenerate } from '../moderation/assert-may-generate.ts';
import { moderatePrompt } from '../moderation/moderate-prompt.ts';
import { checkTrainingZip, checkLoraName } from './check-training.ts';
import { resolveLora } from './resolve-lora.ts';
import { type OptionValues, validateOptions } from './validate-options.ts';

export interface SubmitJobOptions {
  db: Db;
  queue: JobQueue;
  storage: MediaStorage;
  settings: GenerationSettings;
  user: UserRow;
  command: string;
  options: OptionValues;
  /** `studio`, `discord`, … ; with `requestId` it makes a retried submission find the same job. */
  source: string;
  requestId?: string;
  /** Shown in the public gallery; default: yes, except LoRA training (its previews are the owner's photos). */
  public?: boolean;
  /** For result actions: the job this one was made from. */
  parentJobId?: string;
  /** Overrides the registry price (result actions have prices of their own). */
  price?: Price;
  /** Gore and horror prompts are allowed (a job from an age-restricted horror channel). */
  horrorAllowed?: boolean;
  /** Runs inside the job's transaction once it is queued (the bot records where to post the result). */
  onCreated?: (tx: DbOrTx, job: JobRow) => Promise<void>;
}

/**
 * The one way a job starts, from the studio or the bot: checks the options against the registry,
 * prices the job, then in one transaction holds the price on the ledger, inserts the job and
 * enqueues it. Nothing is charged or stored when any check fails.
 */
export async function submitJob(input: SubmitJobOptions): Promise<{ job: JobRow; created: boolean }> {
  const { db, user } = input;
  const requestId = input.requestId ?? randomUUID();
  if (input.requestId) {
    const previous = await findJobByRequest(db, input.source, requestId);
    if (previous) return { job: sameRequest(previous, user.id), created: false };
  }

  const definition = findCommand(input.command);
  const action = definition ? undefined : findActionCommand(input.command);
  const family = definition || action ? familyOf(input.command) : undefined;
  if (!family) throw badRequest(`There is no command /${input.command}`, 'UNKNOWN_COMMAND');
  if (family === 'general') {
    throw badRequest(
      `/${input.command} answers at once in the chat; it is not a generation job`,
      'NOT_A_JOB',
    );
  }
  assertMayGenerate(user);
  const checked = await validateOptions({
    db,
    userId: user.id,
    command: (definition ?? action)!,
    options: input.options,
  });
  const options = checked.options;
  // The person's defaults (`/settings`, the studio): an aspect and a LoRA weight the prompt leaves out.
  if (definition && typeof options.prompt === 'string') {
    options.prompt = applyPromptDefaults(options.prompt, {
      command: definition.name,
      defaultAspect: user.defaultAspect,
      defaultLoraWeight: user.defaultLoraWeight,
    });
  }
  if (action && !input.parentJobId) {
    throw badRequest(
      `/${action.name} is made from a finished image: use POST /api/jobs/{id}/actions with action ${action.name}`,
      'NEEDS_A_RESULT',
    );
  }
  if (definition) {
    if (family === 'lora') {
      checkLoraName(options.name);
      const zip = checked.uploads.get('zip');
      if (zip) await checkTrainingZip(input.storage, zip);
    }
  }
  // Every text of the job (prompts, a LoRA's name) is checked before anything is held.
  await moderatePrompt({
    db,
    userId: user.id,
    texts: Object.entries(options)
      .filter(([name, value]) => typeof value === 'string' && !checked.uploads.has(name))
      .map(([, value]) => value as string),
    horrorAllowed: input.horrorAllowed ?? false,
    source: input.source,
    command: input.command,
  });
  await resolveLora({ db, userId: user.id, command: definition?.name ?? 'make', prompt: promptOf(options) });
  const price = input.price ?? priceOf(input.command, options);

  const parts = (['credits', 'hypercredits'] as const).filter((currency) => price[currency] > 0);
  // The queue entry's id is chosen here, so the job row carries it from its insert.
  const queueJobId = randomUUID();

  // As few statements as the ledger needs, under the user's row lock: the lock with every read the
  // checks need, one per currency held, the job row (its `queued` event with it) and the queue entry.
  const transaction = db.transaction(async (tx) => {
    const standing = await lockUserForSubmit(tx, user.id, family);
    if (!standing) throw unauthorized();
    // A twin of this request that committed while we waited for the lock (a request id of our
    // own making has none).
    if (input.requestId) {
      const twin = await findJobByRequest(tx, input.source, requestId);
      if (twin) return sameRequest(twin, user.id);
    }
    const hold = paymentHoldOf(standing);
    if (hold) throw hold;
    // Plans above free may hold more of the queue; the setting is the floor for everyone.
    const limit = Math.max(
      input.settings.maxActiveJobsPerUser,
      queueLimitsOf(user.subscriptionStatus).active,
    );
    if (standing.active >= limit) {
      throw new AppError('TOO_MANY_JOBS', {
        status: 429,
        message: `You already have ${standing.active} jobs queued or running; wait for one to finish.`,
        retryAfterSeconds: 15,
      });
    }
    for (const [index, currency] of parts.entries()) {
      const held = await spendLocked(tx, {
        userId: user.id,
        currency,
        amount: price[currency],
        reason: `job ${input.command}`,
        idempotencyKey: holdKey(`job:${input.source}:${requestId}`, index),
      });
      if (held.status === 'insufficient') throw insufficient(standing, price);
    }
    const row = await insertQueuedJob(tx, {
      userId: user.id,
      command: definition?.name ?? input.command,
      family: family,
      options,
      // The person's round in this family: their jobs already waiting or running go first.
      priority: dispatchRank(queueClassOf(user.subscriptionStatus, family), standing.activeOfFamily),
      plan: user.subscriptionStatus.trim() || FREE_PLAN,
      costCredits: price.credits,
      costHypercredits: price.hypercredits,
      // Creations are public by default (the terms); a LoRA's training previews are the owner's
      // own photos, so they stay private unless the owner chooses otherwise.
      // Those who chose private by default (where the plan allows it) get private creations from
      // Discord and the studio alike.
      public:
        input.public ??
        (family !== 'lora' && !(user.privateByDefault && canStartPrivate(user.subscriptionStatus))),
      source: input.source,
      requestId,
      parentJobId: input.parentJobId,
      queueJobId,
    });
    if (!row)
      throw new AppError('REQUEST_RACE', { status: 409, message: 'This request is being submitted already' });
    if (
      family === 'lora' &&
      !(await insertTrainingLora(tx, { userId: user.id, name: String(options.name), jobId: row.id }))
    ) {
      throw new AppError('LORA_NAME_TAKEN', {
        status: 409,
        message: `You already have a LoRA named ${String(options.name)}; pick another name or remove it first.`,
      });
    }
    await input.queue.send(tx, row);
    await input.onCreated?.(tx, row);
    return row;
  });
  const job = await transaction.catch((error: unknown) => {
    // The hold's key was used before by a request whose job is gone: nothing was taken again.
    if (isUniqueViolation(error)) throw requestIdUsed();
    throw error;
  });
  return { job, created: true };
}

const requestIdUsed = () =>
  new AppError('REQUEST_ID_USED', {
    status: 409,
    message: 'This request id was already used; send a new one',
  });

function sameRequest(job: JobRow, userId: string): JobRow {
  if (job.userId !== userId) throw requestIdUsed();
  return job;
}

function insufficient(standing: SubmitStanding, price: Price) {
  const balance = { credits: standing.credits, hypercredits: standing.hypercredits };
  const describe = (amounts: Price) =>
    (['credits', 'hypercredits'] as const)
      .filter((currency) => price[currency] > 0)
      .map((currency) => `${amounts[currency]} ${currency}`)
      .join(' and ');
  return new AppError('INSUFFICIENT_CREDITS', {
    status: 402,
    message: `This costs ${describe(price)}; you have ${describe(balance)}.`,
    details: { cost: price, balance },
  });
}
