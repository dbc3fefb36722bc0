import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Actions } from './actions.ts';
import { UserInputError } from './commands.ts';
import type { Ctx } from './ctx.ts';
import { jsonApi, jsonBody } from './json-api.ts';
import { pageApi } from './page-api.ts';
import { pagePeople, type ResolveUser } from './page-people.ts';
import { GUILD_NAME } from './users.ts';

const asset = (name: string) => readFileSync(new URL(`./public/${name}`, import.meta.url));
const requireFromHere = createRequire(import.meta.url);
/** simple-markdown's browser build (it defines `window.SimpleMarkdown`), the parser of Discord's client. */
const markdownParser = () => readFileSync(requireFromHere.resolve('simple-markdown/simple-markdown.min.js'));
/**
 * Twemoji's parser (which text is an emoji, and its picture's file name) for the page, as
 * `window.TwemojiParser`: the package's two CommonJS files, each run with its own `exports`.
 */
function emojiParser(): string {
  const source = (file: string) => readFileSync(requireFromHere.resolve(`@twemoji/parser/${file}`), 'utf8');
  return `(function () {
const regex = {};
(function (exports) {\n${source('dist/lib/regex.js')}\n})(regex);
const parser = {};
(function (exports, require) {\n${source('dist/index.js')}\n})(parser, () => regex);
window.TwemojiParser = parser;
})();
`;
}
/** Twemoji's SVGs, one file per emoji named by its code points (`1f3b2.svg`). */
const EMOJI_DIR = dirname(requireFromHere.resolve('@twemoji/svg/package.json'));
const EMOJI_FILE = /^([0-9a-f]{2,6}(?:-[0-9a-f]{2,6}){0,9})\.svg$/;

function html(prefix: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${GUILD_NAME} – Discord emulator</title>
<link rel="icon" href="${prefix}/app/emoji/1f4ac.svg" type="image/svg+xml">
<link rel="stylesheet" href="${prefix}/app/app.css">
<script defer src="${prefix}/app/simple-markdown.js"></script>
<script defer src="${prefix}/app/emoji-parser.js"></script>
<script type="module" src="${prefix}/app/app.js"></script></head>
<body data-prefix="${prefix}"><div id="root" class="loading">Loading…</div></body></html>`;
}

function emojiSvg(file: string): Buffer | null {
  const codepoints = EMOJI_FILE.exec(file)?.[1];
  if (!codepoints) return null;
  try {
    return readFileSync(join(EMOJI_DIR, `${codepoints}.svg`));
  } catch {
    return null;
  }
}

const notFoundHere = () => new UserInputError('not_found', 'Not found.', 404);

/**
 * The channel page for people, acting as the signed-in user (`resolveUser`) or a picked one:
 * the page, its scripts and emoji, and its JSON API. To register under `/app`.
 */
export function pagePlugin(ctx: Ctx, actions: Actions, resolveUser: ResolveUser | undefined) {
  const files: Record<string, [string, Buffer]> = {
    'app.js': ['text/javascript', asset('app.js')],
    'dom.js': ['text/javascript', asset('dom.js')],
    'render.js': ['text/javascript', asset('render.js')],
    'command-form.js': ['text/javascript', asset('command-form.js')],
    'modal.js': ['text/javascript', asset('modal.js')],
    'markdown.js': ['text/javascript', asset('markdown.js')],
    'emoji-parser.js': ['text/javascript', Buffer.from(emojiParser())],
    'simple-markdown.js': ['text/javascript', markdownParser()],
    'app.css': ['text/css', asset('app.css')],
  };
  const people = pagePeople(ctx, resolveUser);

  return async (app: FastifyInstance) => {
    jsonApi(app);
    app.addHook('onRequest', async (request) => {
      if (request.method !== 'GET' && request.headers['sec-fetch-site'] === 'cross-site')
        throw new UserInputError('forbidden', 'Cross-site requests are refused.', 403);
      // Any other address below the page is its API's 404, told only to someone signed in.
      if (request.is404) await people.requireSignIn(request);
    });
    app.setNotFoundHandler(async (request) => {
      if (request.method === 'POST') jsonBody(request);
      throw notFoundHere();
    });

    app.get('/', async (_request, reply) =>
      reply
        .headers({ 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
        .send(html(ctx.settings.prefix)),
    );
    for (const [name, [type, data]] of Object.entries(files))
      app.get(`/${name}`, async (_request, reply) =>
        reply.headers({ 'content-type': type, 'cache-control': 'no-cache' }).send(data),
      );
    app.get('/emoji/:file', async (request, reply) => {
      const svg = emojiSvg((request.params as { file: string }).file);
      if (svg)
        return reply
          .headers({ 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' })
          .send(svg);
      await people.requireSignIn(request);
      throw notFoundHere();
    });
    await app.register(pageApi(ctx, actions, people), { prefix: '/api' });
  };
}
