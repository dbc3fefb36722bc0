import type { IncomingMessage } from 'node:http';
import type { Actions } from './actions.ts';
import { UserInputError, type OptionInput } from './commands.ts';
import type { Ctx } from './ctx.ts';
import { notFound } from './errors.ts';
import { baseFor, body, type SubHandler } from './handler.ts';
import { replyJson, sendError, sendJson } from './http.ts';
import { readJson, sendUserError, str } from './json-api.ts';
import { publicMessage } from './messages.ts';
import type { Message } from './store.ts';
import { apiUser } from './users.ts';

/** `{ filename, contentType, base64 }` values become uploads; nested objects are subcommands. */
function toOptions(input: unknown): Record<string, OptionInput> {
  if (input === undefined || input === null) return {};
  if (typeof input !== 'object' || Array.isArray(input))
    throw new UserInputError('invalid_request', '"options" must be an object of option values by name.');
  const out: Record<string, OptionInput> = {};
  for (const [k, v] of Object.entries(input as Record<string, unknown>)) {
    if (typeof v === 'object' && v !== null && 'base64' in v) {
      const f = v as { filename?: unknown; contentType?: unknown; base64?: unknown };
      if (typeof f.base64 !== 'string' || typeof f.filename !== 'string')
        throw new UserInputError('invalid_option', `Option "${k}" needs filename and base64.`);
      const data = Buffer.from(f.base64, 'base64');
      out[k] = {
        field: k,
        filename: f.filename,
        contentType: typeof f.contentType === 'string' ? f.contentType : 'application/octet-stream',
        data,
      };
    } else if (typeof v === 'object' && v !== null && !Array.isArray(v)) out[k] = toOptions(v);
    else out[k] = v as OptionInput;
  }
  return out;
}

const visible = (list: Message[]) => list.filter((m) => !m._notice).map(publicMessage);

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The control acts as any user, so only a client on this machine may use it: the connection's own
 * peer address must be loopback (never a header a client writes), and a request a proxy forwarded
 * (however local the proxy) is not one.
 */
export function fromLoopback(req: IncomingMessage): boolean {
  if (req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined) return false;
  return LOOPBACK.has(req.socket.remoteAddress ?? '');
}

/** Test control under `/_test` (JSON), for the product's own tests; loopback clients only. */
export function testHandler(ctx: Ctx, actions: Actions): SubHandler {
  return async (req, res, path, url, extras) => {
    if (!path.startsWith('/_test/')) return false;
    if (!fromLoopback(req)) {
      sendError(res, notFound());
      return true;
    }
    const base = baseFor(ctx, req);
    const method = req.method ?? 'GET';
    try {
      let m: RegExpExecArray | null;
      if (method === 'GET' && path === '/_test/users')
        return replyJson(res, 200, {
          users: ctx.store.state.users.map((u) => ({ ...apiUser(u), name: u.username })),
        });
      if (method === 'GET' && (m = /^\/_test\/channels\/([^/]+)\/messages$/.exec(path))) {
        const ch = ctx.store.channelByName(decodeURIComponent(m[1]!)) ?? ctx.store.channel(m[1]!);
        if (!ch) throw new UserInputError('unknown_channel', `No channel "${m[1]}".`, 404);
        return replyJson(res, 200, { messages: visible(ctx.store.messages(ch.id)) });
      }
      if (method === 'GET' && (m = /^\/_test\/dms\/(\d+)$/.exec(path))) {
        const ch = ctx.store.state.channels.find((c) => c.type === 1 && c.recipientId === m![1]);
        return replyJson(res, 200, {
          channelId: ch?.id ?? null,
          messages: ch ? visible(ctx.store.messages(ch.id)) : [],
        });
      }
      if (method === 'GET' && (m = /^\/_test\/modals\/(\d+)$/.exec(path)))
        return replyJson(res, 200, {
          modals: actions
            .openModals(m[1]!)
            .map((r) => ({ interactionId: r.id, ...(r.response?.data as object) })),
        });
      if (method === 'GET' && path === '/_test/holds') return replyJson(res, 200, { held: ctx.holds.held() });
      if (method === 'DELETE' && path === '/_test/holds') {
        const id = url.searchParams.get('id');
        ctx.holds.release(id === null ? undefined : Number(id));
        return replyJson(res, 200, { released: true });
      }
      if (method !== 'POST') throw new UserInputError('not_found', `No test route ${method} ${path}.`, 404);
      const json = await readJson(body(extras), req);
      if (path === '/_test/users') {
        // A user the product's tests need beyond the seeded three (an id the app already knows).
        const id = str(json, 'id');
        if (!/^\d{17,20}$/.test(id)) throw new UserInputError('invalid_id', '"id" must be a snowflake.');
        const username = str(json, 'username');
        let known = ctx.store.user(id);
        if (!known) {
          known = { id, username, globalName: username };
          ctx.store.state.users.push(known);
          ctx.store.changed();
        }
        return replyJson(res, 200, { user: { ...apiUser(known), name: known.username } });
      }
      if ((m = /^\/_test\/members\/(\d+)\/(leave|join)$/.exec(path))) {
        // A member leaves the server (or comes back): Discord then answers Unknown Member for them.
        const user = ctx.store.user(m[1]!);
        if (!user) throw new UserInputError('unknown_user', 'No such user.', 404);
        user.left = m[2] === 'leave';
        if (user.left) user.roles = [];
        ctx.store.changed();
        return replyJson(res, 200, { ok: true });
      }
      if (path === '/_test/holds') {
        // The next REST request (below /api/v10) matching `method` and the `path` pattern waits.
        const stage = str(json, 'stage');
        if (stage !== 'request' && stage !== 'response' && stage !== 'fail')
          throw new UserInputError('invalid_stage', '"stage" must be "request", "response" or "fail".');
        let pattern: string;
        try {
          pattern = new RegExp(str(json, 'path')).source;
        } catch {
          throw new UserInputError('invalid_path', '"path" must be a regular expression.');
        }
        return replyJson(res, 200, { id: ctx.holds.add(str(json, 'method'), pattern, stage) });
      }
      let outcome;
      if (path === '/_test/interactions')
        outcome = await actions.runCommand(
          base,
          str(json, 'userId'),
          str(json, 'channel'),
          str(json, 'command').replace(/^\//, ''),
          toOptions(json.options),
        );
      else if (path === '/_test/message-commands')
        outcome = await actions.runMessageCommand(
          base,
          str(json, 'userId'),
          str(json, 'messageId'),
          str(json, 'command'),
        );
      else if (path === '/_test/components')
        outcome = await actions.clickComponent(
          base,
          str(json, 'userId'),
          str(json, 'messageId'),
          str(json, 'customId'),
          Array.isArray(json.values) ? json.values.map(String) : undefined,
        );
      else if (path === '/_test/modals')
        outcome = await actions.submitModal(
          base,
          str(json, 'userId'),
          (json.values ?? {}) as Record<string, string>,
          {
            interactionId: typeof json.interactionId === 'string' ? json.interactionId : undefined,
            customId: typeof json.customId === 'string' ? json.customId : undefined,
          },
        );
      else throw new UserInputError('not_found', `No test route POST ${path}.`, 404);
      sendJson(res, 200, outcome);
    } catch (err) {
      sendUserError(res, err);
    }
    return true;
  };
}
