import type { FastifyPluginAsync } from 'fastify';

/** The OpenAPI document at /api/docs, generated from the routes' zod schemas. */
export const apiDocsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/docs', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
};
