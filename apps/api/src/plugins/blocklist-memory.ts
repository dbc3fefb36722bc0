import { BLOCKLIST_CHANGES_CHANNEL, type Database } from '@app/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { onChangingRoutes } from '../lib/changing-routes.ts';
import { forgetBlocklist, rememberBlocklist } from '../modules/moderation/load-blocklist.ts';

/** Longest a remembered blocklist answers should the announcement of a change be missed. */
const BLOCKLIST_MAX_AGE_MS = 60_000;

/**
 * With the read caches on (`SESSION_CACHE_MS` above 0, as in production), prompt checks read the
 * blocklist from memory instead of once per prompt: every process hears of a change from the
 * table's trigger, and a change made through this process is known before its answer leaves.
 */
export const blocklistMemoryPlugin = fp(
  async (
    app: FastifyInstance,
    { database, enabled }: { database: Pick<Database, 'db' | 'listen'>; enabled: boolean },
  ) => {
    if (!enabled) return;
    const { db } = database;
    rememberBlocklist(db, BLOCKLIST_MAX_AGE_MS);
    const unlisten = await database.listen(BLOCKLIST_CHANGES_CHANNEL, () => forgetBlocklist(db));
    app.addHook('onClose', async () => unlisten());
    onChangingRoutes(app, (request, _reply, payload, done) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && request.url.startsWith('/api/admin/'))
        forgetBlocklist(db);
      done(null, payload);
    });
  },
);
