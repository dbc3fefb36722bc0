import {
  COMMANDS,
  ErrorBody,
  InsufficientCreditsBody,
  JobActionBody,
  JobBody,
  JobDeleteBody,
  JobIdParams,
  JobListBody,
  JobListQuery,
  JobPatchBody,
  LoveBody,
  IMAGE_ACTION_NAMES,
  PricesBody,
  PromptRefusedBody,
  SubmitJobBody,
  familyOf,
  priceOf,
  priceOfAction,
  type JobFamily,
} from '@app/domain';
import { loveCounts, setJobPublic, toggleLove } from '@app/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actOnJob } from '../../../modules/jobs/act-on-job.ts';
import { loadOwnJob, loadVisibleJob } from '../../../modules/jobs/job-access.ts';
import { toJobWire } from '../../../modules/jobs/job-wire.ts';
import { listJobs } from '../../../modules/jobs/list-jobs.ts';
import { cancelJob } from '../../../modules/jobs/cancel-job.ts';
import { deleteCreation } from '../../../modules/jobs/delete-creation.ts';
import { submitJob } from '../../../modules/jobs/submit-job.ts';
import { jobEventRoutes } from './events.ts';

const tags = ['jobs'];
const submitErrors = {
  400: ErrorBody,
  401: ErrorBody,
  402: InsufficientCreditsBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  422: PromptRefusedBody,
  429: ErrorBody,
};

/** Generation jobs: submit, follow, list, cancel or delete, love, act on a result. */
export const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const settings = app.ctx.settings.generation;
  const { storage } = app.generation;
  // A burst guard only, per person however many sessions they hold (and never per address: many
  // users share one behind a proxy or a school network); what a user can queue is bounded by
  // MAX_ACTIVE_JOBS_PER_USER and their balance. Past it: 429 RATE_LIMITED with Retry-After.
  const SUBMIT_RATE = { max: app.ctx.settings.jobSubmitRateLimit, timeWindow: '1 minute' };

  app.get(
    '/prices',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'What every job command and result action costs',
        response: { 200: PricesBody },
      },
    },
    async () => {
      const commands = COMMANDS.map((command) => command.name).filter((name) => familyOf(name) !== 'general');
      const original = { command: 'make', options: {} };
      return {
        prices: [
          ...commands.map((command) => ({
            command,
            kind: familyOf(command) as JobFamily,
            cost: priceOf(command),
          })),
          ...IMAGE_ACTION_NAMES.map((action) => ({
            command: action,
            kind: 'image' as const,
            cost: priceOfAction(action, original),
          })),
        ],
      };
    },
  );

  app.post(
    '/',
    {
      config: { access: 'user', rateLimit: SUBMIT_RATE },
      schema: {
        tags,
        summary: 'Start a job: options are checked against the command registry and the price is held',
        body: SubmitJobBody,
        response: { 202: JobBody, 200: JobBody, ...submitErrors },
      },
    },
    async (request, reply) => {
      const user = request.user;
      // The queue's queues exist before a job enters one.
      await app.generation.queue();
      const { job, created, balances, standing } = await submitJob({
        db,
        storage,
        settings,
        user,
        command: request.body.command,
        options: request.body.options,
        source: 'studio',
        requestId: request.body.requestId,
        public: request.body.public,
        lane: request.body.lane,
      });
      request.changedOnlyBalances(balances);
      return reply
        .status(created ? 202 : 200)
        .send({ job: await toJobWire(db, storage, job, user.id, settings, { created, standing }) });
    },
  );

  app.get(
    '/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Your jobs (mine=true) or the gallery of public creations (optionally of one kind)',
        querystring: JobListQuery,
        response: { 200: JobListBody, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request) =>
      listJobs({
        db,
        storage,
        timing: settings,
        viewer: await request.currentUser(),
        mine: request.query.mine === 'true',
        kind: request.query.kind,
        cursor: request.query.cursor,
        limit: request.query.limit,
      }),
  );

  app.get(
    '/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'One job',
        params: JobIdParams,
        response: { 200: JobBody, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const viewer = await request.currentUser();
      const job = await loadVisibleJob(db, request.params.id, viewer);
      return { job: await toJobWire(db, storage, job, viewer?.id ?? null, settings) };
    },
  );

  app.post(
    '/:id/cancel',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Cancel a queued or running job and refund it (creator or admin); repeating it answers the cancelled job and refunds nothing more',
        params: JobIdParams,
        response: {
          200: JobBody,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
        },
      },
    },
    async (request) => {
      const viewer = request.user;
      const job = await cancelJob({ db, queue: app.generation.queue, viewer, id: request.params.id });
      return { job: await toJobWire(db, storage, job, viewer.id, settings) };
    },
  );

  app.delete(
    '/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Delete a finished creation and its files (creator or admin); a job in progress answers 409 until it is cancelled',
        params: JobIdParams,
        response: {
          200: JobDeleteBody,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
        },
      },
    },
    async (request) => {
      const viewer = request.user;
      await deleteCreation({ db, storage, viewer, id: request.params.id });
      return { deleted: true as const };
    },
  );

  app.patch(
    '/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Make a creation public or private (creator)',
        params: JobIdParams,
        body: JobPatchBody,
        response: { 200: JobBody, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const viewer = request.user;
      const job = await loadOwnJob(db, request.params.id, viewer, { ownerOnly: true });
      const updated = (await setJobPublic(db, job.id, request.body.public))!;
      return { job: await toJobWire(db, storage, updated, viewer.id, settings) };
    },
  );

  app.post(
    '/:id/love',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Love a creation, or take the love back',
        params: JobIdParams,
        response: { 200: LoveBody, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const viewer = request.user;
      const job = await loadVisibleJob(db, request.params.id, viewer);
      const loved = await toggleLove(db, job.id, viewer.id);
      return { loved, loves: (await loveCounts(db, [job.id])).get(job.id) ?? 0 };
    },
  );

  app.post(
    '/:id/actions',
    {
      config: { access: 'user', rateLimit: SUBMIT_RATE },
      schema: {
        tags,
        summary:
          'Re-roll, edit, or run an image action (vary, upscale, zoom out, pan, make square, GIF) on a result: a new job charged to the caller',
        params: JobIdParams,
        body: JobActionBody,
        response: { 202: JobBody, 200: JobBody, ...submitErrors },
      },
    },
    async (request, reply) => {
      const viewer = request.user;
      await app.generation.queue();
      const { job, created, balances, standing } = await actOnJob({
        db,
        storage,
        settings,
        viewer,
        id: request.params.id,
        action: request.body.action,
        prompt: request.body.prompt,
        index: request.body.index,
        factor: request.body.factor,
        requestId: request.body.requestId,
      });
      request.changedOnlyBalances(balances);
      return reply
        .status(created ? 202 : 200)
        .send({ job: await toJobWire(db, storage, job, viewer.id, settings, { created, standing }) });
    },
  );

  await app.register(jobEventRoutes);
};
