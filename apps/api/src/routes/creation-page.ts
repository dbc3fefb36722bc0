import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { findUserById, getJob } from '@app/db';
import { JobIdParams } from '@app/domain';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { canSee } from '../modules/jobs/job-access.ts';
import { toJobWire } from '../modules/jobs/job-wire.ts';
import { publicOrigin } from '../lib/public-origin.ts';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const TEXT_OPTIONS = ['prompt', 'text', 'style', 'description'];

/** The Open Graph and Twitter tags that make a shared link preview its creation. */
export function creationMetaTags(input: {
  pageUrl: string;
  prompt: string;
  creator: string;
  imageUrl?: string;
  imageWidth?: number;
  imageHeight?: number;
  videoUrl?: string;
}): string {
  const title = input.prompt ? input.prompt.slice(0, 120) : 'A creation';
  const tags: [string, string][] = [
    ['og:type', 'website'],
    ['og:title', title],
    ['og:description', `Made by ${input.creator}`],
    ['og:url', input.pageUrl],
  ];
  if (input.imageUrl) {
    tags.push(['og:image', input.imageUrl], ['og:image:alt', title]);
    if (input.imageWidth) tags.push(['og:image:width', String(input.imageWidth)]);
    if (input.imageHeight) tags.push(['og:image:height', String(input.imageHeight)]);
  }
  if (input.videoUrl) tags.push(['og:video', input.videoUrl]);
  const lines = tags.map(
    ([property, content]) => `<meta property="${property}" content="${escapeHtml(content)}" />`,
  );
  lines.push(`<meta name="twitter:card" content="${input.imageUrl ? 'summary_large_image' : 'summary'}" />`);
  return lines.join('\n    ');
}

/**
 * `/c/:id`, a creation's page: the app shell with the creation's Open Graph tags in the HTML, since
 * link previewers read the page without running its scripts. Creations the visitor may not see
 * get the shell with status 404, and no tags.
 */
export const creationPageRoutes: FastifyPluginAsyncZod<{ distDir: string }> = async (app, { distDir }) => {
  const indexPath = path.join(distDir, 'index.html');
  const shell = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : undefined;
  const { db } = app.ctx.database;

  app.get(
    '/c/:id',
    { config: { access: 'public' }, schema: { hide: true, params: z.object({ id: z.string().max(200) }) } },
    async (request, reply) => {
      if (!shell)
        return reply
          .status(503)
          .type('text/plain')
          .send('The web app has not been built yet: run npm run build.');
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
      const viewer = await request.currentUser();
      // A malformed id is a page that does not exist, not a bad API call.
      const id = JobIdParams.shape.id.safeParse(request.params.id);
      const row = id.success ? await getJob(db, id.data) : null;
      if (!row || !canSee(row, viewer)) return reply.status(404).send(shell);
      const job = await toJobWire(
        db,
        app.generation.storage,
        row,
        viewer?.id ?? null,
        app.ctx.settings.generation,
      );
      // Our one public address, never the request's Host header (whoever sends it chooses it).
      const origin = publicOrigin(app);
      const absolute = (url: string) => new URL(url, origin).href;
      const image = job.outputs.find((output) => output.mime.startsWith('image/'));
      const video = job.outputs.find((output) => output.mime.startsWith('video/'));
      const prompt = TEXT_OPTIONS.map((name) => job.options[name]).find(
        (value): value is string => typeof value === 'string',
      );
      const tags = creationMetaTags({
        pageUrl: absolute(`/c/${job.id}`),
        prompt: prompt?.trim() ?? '',
        creator: (await findUserById(db, row.userId))?.discordName ?? 'someone',
        imageUrl: image ? absolute(image.url) : undefined,
        imageWidth: image?.width,
        imageHeight: image?.height,
        videoUrl: video ? absolute(video.url) : undefined,
      });
      return reply.send(shell.replace('</head>', `  ${tags}\n  </head>`));
    },
  );
};
