import {
  type BlocklistTermRow,
  deleteBlocklistTerm,
  getBlocklistTerm,
  insertBlocklistTerm,
  listBlocklistTerms,
  updateBlocklistTerm,
} from '@app/db';
import {
  BlocklistBody,
  BlocklistTermBody,
  BlocklistTermWire,
  ErrorBody,
  ModerationActionIdParams,
  type BlocklistCategory,
} from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, notFound } from '../../../lib/errors.ts';
import { writeAuditLog } from '../../../modules/audit/write-audit-log.ts';

const tags = ['admin', 'moderation'];
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

const toWire = (row: BlocklistTermRow) => ({
  id: row.id,
  term: row.term,
  category: row.category as BlocklistCategory,
  substring: row.substring,
  createdAt: row.createdAt.toISOString(),
});

const taken = (term: string) =>
  new AppError('TERM_LISTED', { status: 409, message: `"${term}" is already on the blocklist` });

/**
 * The admins' blocklist: terms refused in every prompt with the category the refusal names, as
 * whole words unless marked a substring. Every prompt check reads it, so an edit applies at once
 * in every process; every edit is audited.
 */
export const adminBlocklistRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;

  app.get(
    '/blocklist',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'The blocklisted terms',
        response: { 200: BlocklistBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async () => ({ terms: (await listBlocklistTerms(db)).map(toWire) }),
  );

  app.post(
    '/blocklist',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Add a term',
        body: BlocklistTermBody,
        response: { 201: BlocklistTermWire, ...errors },
      },
    },
    async (request, reply) => {
      const admin = request.user;
      const row = await db.transaction(async (tx) => {
        const inserted = await insertBlocklistTerm(tx, { ...request.body, createdBy: admin.id });
        if (!inserted) throw taken(request.body.term);
        await writeAuditLog({
          db: tx,
          actorId: admin.id,
          action: 'blocklist.add',
          targetId: inserted.id,
          details: {
            before: null,
            after: { term: inserted.term, category: inserted.category, substring: inserted.substring },
          },
        });
        return inserted;
      });
      return reply.status(201).send(toWire(row));
    },
  );

  app.put(
    '/blocklist/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Change a term, its category or whether it matches inside words',
        params: ModerationActionIdParams,
        body: BlocklistTermBody,
        response: { 200: BlocklistTermWire, ...errors },
      },
    },
    async (request) => {
      const admin = request.user;
      return toWire(
        await db.transaction(async (tx) => {
          const before = await getBlocklistTerm(tx, request.params.id);
          if (!before) throw notFound('Term');
          const updated = await updateBlocklistTerm(tx, before.id, request.body).catch((error: unknown) => {
            if (
              String(
                (error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code,
              ) === '23505'
            )
              throw taken(request.body.term);
            throw error;
          });
          await writeAuditLog({
            db: tx,
            actorId: admin.id,
            action: 'blocklist.edit',
            targetId: before.id,
            details: {
              before: { term: before.term, category: before.category, substring: before.substring },
              after: { term: updated!.term, category: updated!.category, substring: updated!.substring },
            },
          });
          return updated!;
        }),
      );
    },
  );

  app.delete(
    '/blocklist/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Remove a term (answers the removed term)',
        params: ModerationActionIdParams,
        response: { 200: BlocklistTermWire, ...errors },
      },
    },
    async (request) => {
      const admin = request.user;
      const removed = await db.transaction(async (tx) => {
        const removed = await deleteBlocklistTerm(tx, request.params.id);
        if (!removed) throw notFound('Term');
        await writeAuditLog({
          db: tx,
          actorId: admin.id,
          action: 'blocklist.remove',
          targetId: removed.id,
          details: {
            before: { term: removed.term, category: removed.category, substring: removed.substring },
            after: null,
          },
        });
        return removed;
      });
      return toWire(removed);
    },
  );
};
