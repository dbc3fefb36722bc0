import { PublicConfigWire } from '@app/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The settings the web app draws with (links, which sign-in); nothing secret. */
export const configRoutes: FastifyPluginAsyncZod<{ discordChannelUrl?: string | null }> = async (
  app,
  options,
) => {
  const { settings } = app.ctx;
  const body: PublicConfigWire = {
    studioUrl: settings.studioUrl ?? null,
    communityInviteUrl: settings.communityInviteUrl ?? null,
    discordLogin: Boolean(settings.discord),
    discordChannelUrl: options.discordChannelUrl ?? null,
  };
  app.get(
    '/public',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Public settings for the web app',
        response: { 200: PublicConfigWire },
      },
    },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send(body),
  );
};
