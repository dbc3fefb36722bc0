import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';

/**
 * Serves changelog media at /uploads/<random name>. Names carry the extension of the type their
 * bytes showed at upload, so the content type is the real one; nosniff and a sandboxing CSP keep
 * a file from ever running as a page.
 */
export const uploadRoutes: FastifyPluginAsync = async (app) => {
  const root = app.ctx.settings.uploadDir;
  mkdirSync(root, { recursive: true });
  // Uploads are public; @fastify/static takes no route config, so the marker is set here.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: 'public' };
  });
  await app.register(fastifyStatic, {
    root,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    serveDotFiles: false,
    wildcard: true,
    schemaHide: true,
    setHeaders(reply: unknown) {
      const target = reply as {
        header?: (name: string, value: string) => void;
        setHeader?: (name: string, value: string) => void;
      };
      const set = (name: string, value: string) =>
        target.header ? target.header(name, value) : target.setHeader?.(name, value);
      set('x-content-type-options', 'nosniff');
      set('cache-control', 'public, max-age=31536000, immutable');
      set('content-security-policy', "default-src 'none'; sandbox");
      set('content-disposition', 'inline');
    },
  } as Parameters<typeof fastifyStatic>[1]);
};
