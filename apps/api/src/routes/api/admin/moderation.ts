import { getJob, setJobContentLevel, setModerationItemStatus } from '@app/db';
import {
  AppealDecisionBody,
  ContentLevelBody,
  ErrorBody,
  ModerationActionBody,
  ModerationActionIdParams,
  ModerationActionResult,
  ModerationQueueBody,
  ModerationQueueQuery,
  ResolveItemBody,
} from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../../lib/errors.ts';
import { writeAuditLog } from '../../../modules/audit/write-audit-log.ts';
import { decideAppeal } from '../../../modules/moderation/appeal-refusal.ts';
import { listModerationQueue } from '../../../modules/moderation/list-moderation-queue.ts';
import { takeModerationAction } from '../../../modules/moderation/take-moderation-action.ts';
import { undoModerationAction } from '../../../modules/moderation/undo-moderation-action.ts';
import type { ModerationActionRow } from '@app/db';

const tags = ['admin', 'moderation'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

const toWire = (row: ModerationActionRow, actor: string) => ({
  id: row.id,
  action: row.action,
  jobId: row.jobId,
  reason: row.reason,
  until: row.until?.toISOString() ?? null,
  actor,
  createdAt: row.createdAt.toISOString(),
  undoneAt: row.undoneAt?.toISOString() ?? null,
});

/** The moderation queue (reports, refused prompts, pauses) and the moderators' actions on it. */
export const adminModerationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const context = () => ({
    db,
    queue: () => app.generation.queue(),
    bot: app.discordBot?.deps,
    log: app.log,
  });

  app.get(
    '/moderation',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Reports, refused prompts and pauses, with their person, creation and history',
        querystring: ModerationQueueQuery,
        response: { 200: ModerationQueueBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      const admin = request.user;
      const items = await listModerationQueue({
        db,
        storage: app.generation.storage,
        timing: app.ctx.settings.generation,
        viewerId: admin.id,
        status: request.query.status,
        kind: request.query.kind,
      });
      return { items };
    },
  );

  app.post(
    '/moderation/actions',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Hide a creation, warn, pause or ban a person (audited; the person is told by DM)',
        body: ModerationActionBody,
        response: { 200: ModerationActionResult, ...errors },
      },
    },
    async (request) => {
      const admin = request.user;
      const row = await takeModerationAction({ ...context(), actor: admin, body: request.body });
      return { action: toWire(row, admin.discordName) };
    },
  );

  app.post(
    '/moderation/actions/:id/undo',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Undo a moderation action once (audited; the person is told by DM)',
        params: ModerationActionIdParams,
        response: { 200: ModerationActionResult, ...errors },
      },
    },
    async (request) => {
      const admin = request.user;
      const row = await undoModerationAction({ ...context(), actor: admin, id: request.params.id });
      return { action: toWire(row, admin.discordName) };
    },
  );

  app.put(
    '/moderation/items/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Resolve a queue item without action, or reopen it (audited)',
        params: ModerationActionIdParams,
        body: ResolveItemBody,
        response: { 200: ResolveItemBody, ...errors },
      },
    },
    async (request) => {
      const admin = request.user;
      const row = await db.transaction(async (tx) => {
        const updated = await setModerationItemStatus(tx, {
          id: request.params.id,
          status: request.body.status,
          actorId: admin.id,
        });
        if (!updated) throw notFound('Queue item');
        await writeAuditLog({
          db: tx,
          actorId: admin.id,
          action: `moderation.${request.body.status === 'resolved' ? 'resolve' : 'reopen'}`,
          targetId: updated.subjectUserId,
          details: { itemId: updated.id, kind: updated.kind },
        });
        return updated;
      });
      return { status: row.status };
    },
  );

  app.post(
    '/moderation/appeals/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Uphold an appeal (the refusal no longer counts toward a pause) or reject it (audited)',
        params: ModerationActionIdParams,
        body: AppealDecisionBody,
        response: { 200: ResolveItemBody, ...errors },
      },
    },
    async (request) => {
      const row = await decideAppeal({
        db,
        actor: request.user,
        appealId: request.params.id,
        upheld: request.body.upheld,
      });
      return { status: row.status };
    },
  );

  app.put(
    '/moderation/creations/:id/level',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "Change a creation's content level: general, or mature (adults only, audited)",
        params: ModerationActionIdParams,
        body: ContentLevelBody,
        response: { 200: ContentLevelBody, ...errors },
      },
    },
    async (request) => {
      const admin = request.user;
      const { level } = request.body;
      return db.transaction(async (tx) => {
        const before = await getJob(tx, request.params.id);
        if (!before) throw notFound('Creation');
        await setJobContentLevel(tx, before.id, level);
        await writeAuditLog({
          db: tx,
          actorId: admin.id,
          action: 'moderation.level',
          targetId: before.userId,
          details: { jobId: before.id, before: { level: before.contentLevel }, after: { level } },
        });
        return { level };
      });
    },
  );
};
