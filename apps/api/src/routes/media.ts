import type { FastifyPluginAsync } from 'fastify';
import { readMedia } from '../modules/jobs/read-media.ts';

/**
 * `GET /media/*`: generated media and job uploads. Keys are unguessable and never reused (a new
 * file gets a new key), so responses are immutable; private creations and uploads are checked
 * against the session on every request, so a leaked link shows nothing to anyone else.
 */
export const mediaRoutes: FastifyPluginAsync = async (app) => {
  const { db } = app.ctx.database;
  app.get('/media/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const file = await readMedia({
      db,
      storage: app.generation.storage,
      viewer: await request.currentUser(),
      key,
    });
    return reply
      .header('cache-control', `${file.shared ? 'public' : 'private'}, max-age=31536000, immutable`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cross-origin-resource-policy', 'same-origin')
      .header('content-disposition', 'inline')
      .type(file.mime)
      .send(file.bytes);
  });
};
