import type { FastifyPluginAsync } from 'fastify';

/** Browsers ask for /favicon.ico on pages that name no icon (a JSON answer opened in a tab). */
export const faviconRoutes: FastifyPluginAsync = async (app) => {
  app.get('/favicon.ico', { config: { access: 'public' }, schema: { hide: true } }, (_request, reply) =>
    reply.header('cache-control', 'public, max-age=86400').redirect('/favicon.svg', 301),
  );
};
