import { randomUUID } from 'node:crypto';
import {
  type Db,
  type FamilyStanding,
  type JobRow,
  type UserRow,
  findJobByRequest,
  insertTrainingLora,
  isUniqueViolation,
  notifyAfterCommit,
  setJobContentLevel,
} from '@app/db';
import {
  FREE_PLAN,
  LANE_TEXTS,
  type Lane,
  type Price,
  ROUNDS_PER_CLASS,
  applyPromptDefaults,
  canStartPrivate,
  dispatchRank,
  familyOf,
  findActionCommand,
  findCommand,
  jobLedgerReason,
  laneAllowed,
  priceInLane,
  priceOf,
  queueClassOf,
  queueLimitsOf,
  relaxDailyCapOf,
} from '@app/domain';
import {
  type GenerationSettings,
  QUEUE_NAMES,
  type Submission,
  type SubmissionDelivery,
  type SubmissionOutcome,
  type SubmitStanding,
  holdKey,
  promptOf,
  submitInOneStatement,
} from '@app/jobs';
import type { MediaStorage } from '@app/generation';
import { AppError, badRequest, unauthorized } from '../../lib/errors.ts';
import { paymentHoldOf } from '../billing/payment-hold.ts';
import { assertWithinDailyCap } from '../billing/spend-caps.ts';
import { reportSpending } from '../billing/spend-watch.ts';
import { assertMayGenerate, assertMayMakeMature } from '../moderation/assert-may-generate.ts';
import { moderatePrompt } from '../moderation/moderate-prompt.ts';
import { checkTrainingZip, checkLoraName } from './check-training.ts';
import { ARRIVAL_WINDOW_JOBS } from './estimate-wait.ts';
import { resolveLora } from './resolve-lora.ts';
import { type OptionValues, validateOptions } from './validate-options.ts';

export interface SubmitJobOptions {
  db: Db;
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
  /** Gore and horror prompts are allowed (a job from an age-restricted horror channel); its result is mature. */
  horrorAllowed?: boolean;
  /** The result is mature whatever its prompt (made from a mature creation). */
  mature?: boolean;
  /** The Discord interaction to post the result through, written with the job. */
  delivery?: SubmissionDelivery;
  /** The lane to run in; default: the person's own (`/fast`, `/relax`, `/turbo`, the studio). */
  lane?: Lane;
}

export interface SubmittedJob {
  job: JobRow;
  /** False when the request was made before: the job it made then, nothing charged again. */
  created: boolean;
  /** The person's balances after the job's price was held (none when it was free or made before). */
  balances?: { credits: number; hypercredits: number };
  /** A new job's family standing, its position included, read with the submission. */
  standing?: FamilyStanding;
  /** The balance could not pay for it in the person's lane, so it runs in relax (their setting). */
  autoRelaxed?: boolean;
}

/**
 * The one way a job starts, from the studio or the bot: checks the options against the registry,
 * prices the job, then in one transaction holds the price on the ledger, inserts the job and
 * enqueues it. Nothing is charged or stored when any check fails.
 */
export async function submitJob(input: SubmitJobOptions): Promise<SubmittedJob> {
  const { db, user } = input;
  // A retried request finds its job in the submission itself (`submitInOneStatement`).
  const requestId = input.requestId ?? randomUUID();

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
  assertMayMakeMature(user, input.horrorAllowed ? 'horror' : false);
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
  const checkedText = await moderatePrompt({
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
  const fastPrice = input.price ?? priceOf(input.command, options);
  const lane = input.lane ?? user.lane;
  if (!laneAllowed(user.subscriptionStatus, lane)) {
    const extra = lane as Exclude<Lane, 'fast'>;
    throw new AppError('LANE_NOT_IN_PLAN', {
      status: 403,
      message: input.lane ? LANE_TEXTS.notInPlan(extra) : LANE_TEXTS.defaultNotInPlan(extra),
    });
  }
  const price = priceInLane(fastPrice, lane);
  // Made in the horror channels, from a mature creation, or with sexual or gore terms: adults only.
  const mature = Boolean(input.horrorAllowed || input.mature || checkedText.mature);
  // Anything mature is for a recorded 18 or older, wherever it is asked for.
  assertMayMakeMature(user, mature && 'mature');

  // The person's own daily cap on credits spent refuses the job before anything is held.
  await assertWithinDailyCap({ db, userId: user.id, credits: price.credits });

  const parts = (['credits', 'hypercredits'] as const).filter((currency) => price[currency] > 0);
  // Each currency held keys its ledger row by its place among those held (as the refund does).
  const holdBase = `job:${input.source}:${requestId}`;
  const keyOf = (currency: (typeof parts)[number]) => holdKey(holdBase, Math.max(0, parts.indexOf(currency)));
  const queueClass = queueClassOf(user.subscriptionStatus, family);
  const inLane = (chosen: Lane, cost: Price): Submission => ({
    userId: user.id,
    family,
    // Plans above free may hold more of the queue; the setting is the floor for everyone.
    activeLimit: Math.max(input.settings.maxActiveJobsPerUser, queueLimitsOf(user.subscriptionStatus).active),
    cost,
    // The person's round in this family (in relax: their relax use this period) goes first.
    ranks: {
      first: dispatchRank(queueClass, 0, chosen),
      last: dispatchRank(queueClass, ROUNDS_PER_CLASS - 1, chosen),
    },
    lane: chosen,
    relaxDailyCap: relaxDailyCapOf(user.subscriptionStatus),
    reason: jobLedgerReason(input.command, chosen),
    holdKeys: { credits: keyOf('credits'), hypercredits: keyOf('hypercredits') },
    job: {
      id: randomUUID(),
      command: definition?.name ?? input.command,
      options,
      plan: user.subscriptionStatus.trim() || FREE_PLAN,
      // Creations are public by default (the terms); a LoRA's training previews are the owner's
      // own photos, so they stay private unless the owner chooses otherwise. Those who chose
      // private by default (where the plan allows it) get private creations from Discord and the
      // studio alike.
      public:
        input.public ??
        (family !== 'lora' && !(user.privateByDefault && canStartPrivate(user.subscriptionStatus))),
      source: input.source,
      requestId,
      parentJobId: input.parentJobId,
      // The queue entry's id is chosen here, so the job row carries it from its insert.
      queueJobId: randomUUID(),
    },
    queue: { name: QUEUE_NAMES[family], tier: chosen === 'relax' ? 'relax' : queueClass },
    delivery: input.delivery,
    standing: { arrivalWindowJobs: ARRIVAL_WINDOW_JOBS },
  });
  let submission = inLane(lane, price);
  let autoRelaxed = false;

  const submit = async (): Promise<SubmissionOutcome> =>
    family === 'lora'
      ? // The training row joins the submission's writes; a name in use undoes them all.
        await db.transaction(async (tx) => {
          const submitted = await submitInOneStatement(tx, submission);
          if (submitted.kind === 'created' && mature)
            submitted.job = (await setJobContentLevel(tx, submitted.job.id, 'mature')) ?? submitted.job;
          if (
            submitted.kind === 'created' &&
            !(await insertTrainingLora(tx, {
              userId: user.id,
              name: String(options.name),
              jobId: submitted.job.id,
            }))
          ) {
            throw new AppError('LORA_NAME_TAKEN', {
              status: 409,
              message: `You already have a LoRA named ${String(options.name)}; pick another name or remove it first.`,
            });
          }
          return submitted;
        })
      : mature
        ? // The level is written with the job, so it is never listed as general.
          await db.transaction(async (tx) => {
            const submitted = await submitInOneStatement(tx, submission);
            if (submitted.kind === 'created')
              submitted.job = (await setJobContentLevel(tx, submitted.job.id, 'mature')) ?? submitted.job;
            return submitted;
          })
        : await submitInOneStatement(db, submission);
  let outcome: SubmissionOutcome;
  try {
    outcome = await submit();
    // Out of credits, with relax when out chosen: the same request again in relax (the refusal wrote nothing).
    if (
      outcome.kind === 'refused' &&
      lane !== 'relax' &&
      user.relaxWhenOut &&
      laneAllowed(user.subscriptionStatus, 'relax') &&
      refusalCause(outcome.standing, submission.activeLimit) === 'balance'
    ) {
      submission = { ...inLane('relax', priceInLane(fastPrice, 'relax')), autoRelaxed: true };
      autoRelaxed = true;
      outcome = await submit();
    }
  } catch (error) {
    // A twin of this request committed while this one waited for the user's lock (its hold key
    // or request id is taken now), or the key was used before by a request whose job is gone.
    if (!isUniqueViolation(error)) throw error;
    const twin = await findJobByRequest(db, input.source, requestId);
    if (twin) return { job: sameRequest(twin, user.id), created: false };
    throw requestIdUsed();
  }
  switch (outcome.kind) {
    case 'created':
      // Committed (the LoRA's transaction too): its event and the workers' wake-up can go.
      notifyAfterCommit(db, outcome.notices);
      // What follows spending (an auto top-up, the caps' alerts) runs beside the answer; a job in
      // relax (chosen, or switched to when credits ran out) spent nothing.
      if (outcome.balances && submission.cost.credits > 0) {
        reportSpending(db, {
          userId: user.id,
          creditsBefore: outcome.balances.credits + submission.cost.credits,
          creditsAfter: outcome.balances.credits,
        });
      }
      return {
        job: outcome.job,
        created: true,
        standing: outcome.standing,
        balances: outcome.balances,
        ...(autoRelaxed ? { autoRelaxed } : {}),
      };
    case 'twin':
      return { job: sameRequest(outcome.job, user.id), created: false };
    case 'unknown-user':
      throw unauthorized();
    case 'refused':
      throw refusal(outcome.standing, submission);
  }
}

/** Which check under the user's lock refused a job. */
function refusalCause(standing: SubmitStanding, limit: number): 'hold' | 'active' | 'balance' {
  if (paymentHoldOf(standing)) return 'hold';
  if (standing.active >= limit) return 'active';
  return 'balance';
}

/**
 * Why the checks under the user's lock refused the job: money owed, too many jobs, the day's relax
 * jobs used, or too little balance.
 */
function refusal(standing: SubmitStanding, submission: Submission): AppError {
  const limit = submission.activeLimit;
  const price = submission.cost;
  const hold = paymentHoldOf(standing);
  if (hold) return hold;
  const cap = submission.relaxDailyCap;
  if (submission.lane === 'relax' && cap !== null && standing.relaxToday >= cap && standing.active < limit) {
    return new AppError('RELAX_CAP_REACHED', { status: 429, message: LANE_TEXTS.relaxCapReached(cap) });
  }
  if (standing.active >= limit) {
    return new AppError('TOO_MANY_JOBS', {
      status: 429,
      message: `You already have ${standing.active} jobs queued or running; wait for one to finish.`,
      retryAfterSeconds: 15,
    });
  }
  return insufficient(standing, price);
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
