import { auditActions, listAuditEntries } from '@app/db';
import { AuditBody, AuditQuery, ErrorBody } from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const DAY_MS = 86_400_000;

/** `GET /api/admin/audit`: the append-only audit trail, newest first, with filters. Read only. */
export const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  app.get(
    '/audit',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Audit entries of admin and moderator actions, with the names of who acted and whom (filters: actor and target by name or id, action, from/to dates)',
        querystring: AuditQuery,
        response: { 200: AuditBody, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => {
      const { actor, target, action, from, to, before, limit } = request.query;
      const [rows, actions] = await Promise.all([
        listAuditEntries(db, {
          actor,
          target,
          action,
          from: from ? new Date(`${from}T00:00:00Z`) : undefined,
          // `to` is a day: entries of that whole day are in.
          to: to ? new Date(new Date(`${to}T00:00:00Z`).getTime() + DAY_MS) : undefined,
          before,
          limit,
        }),
        auditActions(db),
      ]);
      return {
        entries: rows.map(({ entry, actorName, targetName }) => ({
          id: entry.id,
          actor: entry.actorId ? { id: entry.actorId, discordName: actorName ?? 'a deleted user' } : null,
          action: entry.action,
          target: entry.targetId ? { id: entry.targetId, discordName: targetName } : null,
          details: entry.details,
          createdAt: entry.createdAt.toISOString(),
        })),
        actions,
      };
    },
  );
};
