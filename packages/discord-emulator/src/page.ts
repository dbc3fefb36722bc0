import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Actions } from './actions.ts';
import { UserInputError, type OptionInput } from './commands.ts';
import type { Ctx } from './ctx.ts';
import { baseFor, body, type RequestExtras, type SubHandler } from './handler.ts';
import { parseBody, replyJson, sendJson } from './http.ts';
import { readJson, sendUserError, str } from './json-api.ts';
import { publicMessage } from './messages.ts';
import type { Channel } from './store.ts';
import { GUILD_NAME, type DiscordUserSeed } from './users.ts';

export interface PageUser {
  id: string;
  username: string;
  globalName: string | null;
}
export type ResolveUser = (request: unknown) => PageUser | null | Promise<PageUser | null>;

const COOKIE = 'discord_emulator_user';
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
const EMOJI_FILE = /^\/app\/emoji\/([0-9a-f]{2,6}(?:-[0-9a-f]{2,6}){0,9})\.svg$/;

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

function sendEmoji(res: ServerResponse, codepoints: string): boolean {
  let svg: Buffer;
  try {
    svg = readFileSync(join(EMOJI_DIR, `${codepoints}.svg`));
  } catch {
    return false;
  }
  res.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' }).end(svg);
  return true;
}

/** The channel page for people, acting as the signed-in user (`resolveUser`) or a picked one. */
export function pageHandler(ctx: Ctx, actions: Actions, resolveUser: ResolveUser | undefined): SubHandler {
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

  /** Age-restricted channels show nothing and take no commands until the person confirms 18+. */
  function assertAgeOk(me: DiscordUserSeed, ch: Channel): void {
    if (ch.nsfw && !me.ageConfirmed)
      throw new UserInputError('age_restricted', 'Confirm you are 18 or older to view this channel.', 403);
  }

  async function who(req: IncomingMessage, extras: RequestExtras): Promise<DiscordUserSeed | null> {
    if (resolveUser) {
      const u = await resolveUser(extras.hostRequest ?? req);
      if (!u) return null;
      let known = ctx.store.user(u.id);
      if (!known) {
        known = { id: u.id, username: u.username, globalName: u.globalName ?? u.username };
        ctx.store.state.users.push(known);
        ctx.store.changed();
      }
      return known;
    }
    const m = new RegExp(`(?:^|;\\s*)${COOKIE}=(\\d+)`).exec(req.headers.cookie ?? '');
    return (m && ctx.store.user(m[1]!)) || null;
  }

  return async (req, res, path, url, extras) => {
    if (path !== '/app' && !path.startsWith('/app/')) return false;
    const method = req.method ?? 'GET';
    const prefix = ctx.settings.prefix;
    if (method === 'GET' && (path === '/app' || path === '/app/')) {
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
        .end(html(prefix));
      return true;
    }
    const emoji = method === 'GET' ? EMOJI_FILE.exec(path) : null;
    if (emoji && sendEmoji(res, emoji[1]!)) return true;
    const file = files[path.slice(5)];
    if (method === 'GET' && file) {
      res.writeHead(200, { 'content-type': file[0], 'cache-control': 'no-cache' }).end(file[1]);
      return true;
    }
    try {
      if (method !== 'GET' && req.headers['sec-fetch-site'] === 'cross-site')
        throw new UserInputError('forbidden', 'Cross-site requests are refused.', 403);
      const base = baseFor(ctx, req);
      if (path === '/app/api/me' && method === 'POST' && !resolveUser) {
        const id = str(await readJson(body(extras), req), 'userId');
        if (!ctx.store.user(id)) throw new UserInputError('unknown_user', 'No such user.', 404);
        res.setHeader('set-cookie', `${COOKIE}=${id}; Path=${prefix || '/'}; HttpOnly; SameSite=Lax`);
        return replyJson(res, 200, { ok: true });
      }
      const me = await who(req, extras);
      if (path === '/app/api/state' && method === 'GET') {
        const { state } = ctx.store;
        return replyJson(res, 200, {
          version: ctx.store.version,
          me: me && { ...me, ageConfirmed: me.ageConfirmed === true },
          users: resolveUser ? [] : state.users,
          picker: !resolveUser,
          guild: { name: GUILD_NAME },
          bot: ctx.botUser(),
          channels: state.channels
            .filter((c) => c.type === 0)
            .map((c) => ({ id: c.id, name: c.name, nsfw: c.nsfw === true })),
          dms: me
            ? state.channels.filter((c) => c.type === 1 && c.recipientId === me.id).map((c) => ({ id: c.id }))
            : [],
          commands: state.commands,
          // The member list: who is in the server, with their roles, as Discord's right-hand list shows.
          members: state.users
            .filter((u) => !u.left)
            .map((u) => ({
              id: u.id,
              name: u.globalName || u.username,
              roles: (u.roles ?? []).flatMap((id) => {
                const role = (state.roles ?? []).find((r) => r.id === id);
                return role ? [{ id: role.id, name: role.name, color: role.color }] : [];
              }),
            })),
          modals: me
            ? actions.openModals(me.id).map((r) => ({ interactionId: r.id, ...(r.response?.data as object) }))
            : [],
        });
      }
      if (!me) throw new UserInputError('unauthenticated', 'Sign in first.', 401);
      let m: RegExpExecArray | null;
      if (method === 'GET' && (m = /^\/app\/api\/channels\/(\d+)\/messages$/.exec(path))) {
        const ch = actions.channel(me, m[1]!);
        assertAgeOk(me, ch);
        const list = ctx.store.messages(ch.id).filter((x) => !x._visibleTo || x._visibleTo === me.id);
        // Same-origin attachment paths, so the page works whatever host name it was opened with.
        const local = new RegExp(`"https?://[^/"]+${prefix}/(ephemeral-)?attachments/`, 'g');
        const json = JSON.stringify({
          messages: list.map((x) => ({ ...publicMessage(x), notice: !!x._notice, command: x._command })),
        });
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(json.replace(local, `"${prefix}/$1attachments/`));
        return true;
      }
      if (method !== 'POST') throw new UserInputError('not_found', 'Not found.', 404);
      if (path === '/app/api/dms') return replyJson(res, 200, { id: actions.dm(me).id });
      if (path === '/app/api/age') {
        // Discord asks once per person; the answer is kept with the user.
        me.ageConfirmed = true;
        ctx.store.changed();
        return replyJson(res, 200, { ok: true });
      }
      if ((m = /^\/app\/api\/channels\/(\d+)\/(messages|commands)$/.exec(path))) {
        assertAgeOk(me, actions.channel(me, m[1]!));
        const parsed = await parseBody(body(extras), req.headers['content-type']);
        const form = parsed.json;
        if (m[2] === 'messages')
          return replyJson(
            res,
            200,
            actions.say(
              base,
              me.id,
              m[1]!,
              typeof form.content === 'string' ? form.content : '',
              parsed.files,
            ),
          );
        const options: Record<string, OptionInput> = {
          ...((form.options ?? {}) as Record<string, OptionInput>),
        };
        for (const f of parsed.files) options[f.field] = f;
        const outcome = await actions.runCommand(
          base,
          me.id,
          m[1]!,
          typeof form.command === 'string' ? form.command : '',
          options,
        );
        return replyJson(res, 200, {
          ok: !outcome.error,
          error: outcome.error ?? null,
          interactionId: (outcome.interaction as { id?: string }).id ?? null,
        });
      }
      const json = await readJson(body(extras), req);
      let outcome;
      if (path === '/app/api/components')
        outcome = await actions.clickComponent(
          base,
          me.id,
          str(json, 'messageId'),
          str(json, 'customId'),
          Array.isArray(json.values) ? json.values.map(String) : undefined,
        );
      else if (path === '/app/api/message-commands')
        outcome = await actions.runMessageCommand(base, me.id, str(json, 'messageId'), str(json, 'command'));
      else if (path === '/app/api/modals')
        outcome = await actions.submitModal(base, me.id, (json.values ?? {}) as Record<string, string>, {
          interactionId: str(json, 'interactionId'),
        });
      else if (path === '/app/api/modals/close') {
        actions.closeModal(me.id, str(json, 'interactionId'));
        return replyJson(res, 200, { ok: true });
      } else throw new UserInputError('not_found', 'Not found.', 404);
      // The interaction's id: a modal it opens is shown by the page that sent it, and only there.
      sendJson(res, 200, {
        ok: !outcome.error,
        error: outcome.error ?? null,
        interactionId: (outcome.interaction as { id?: string }).id ?? null,
      });
    } catch (err) {
      sendUserError(res, err);
    }
    void url;
    return true;
  };
}
