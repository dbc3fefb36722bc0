import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Actions } from './actions.ts';
import { UserInputError, type OptionInput } from './commands.ts';
import type { Ctx } from './ctx.ts';
import { notFound } from './errors.ts';
import { baseFor } from './handler.ts';
import { sendError, sendJson } from './http.ts';
import type { UploadedFile } from './http.ts';
import { jsonApi, jsonBody, str } from './json-api.ts';
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

/** A modal's values: text by field, or for a File Upload a list of `{ filename, contentType, base64 }`. */
export function modalValues(input: unknown): Record<string, string | UploadedFile[]> {
  const out: Record<string, string | UploadedFile[]> = {};
  for (const [k, v] of Object.entries((input ?? {}) as Record<string, unknown>)) {
    if (Array.isArray(v)) {
      const options = toOptions(Object.fromEntries(v.map((file, i) => [`${k}${i}`, file])));
      const files = Object.values(options).filter(
        (file): file is UploadedFile => typeof file === 'object' && 'data' in file,
      );
      if (files.length !== v.length)
        throw new UserInputError('invalid_value', `"${k}" takes files as { filename, contentType, base64 }.`);
      out[k] = files;
    } else if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[k] = String(v);
    else out[k] = '';
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

/** `{ userId, … }` bodies of the controls that act as a user, answered with the outcome. */
type Act = (base: string, json: Record<string, unknown>) => Promise<unknown>;

/**
 * Test control under `/_test` (JSON), for the product's own tests; loopback clients only. To
 * register under `/_test`.
 */
export function testControlPlugin(ctx: Ctx, actions: Actions) {
  const acts: Record<string, Act> = {
    '/interactions': (base, json) =>
      actions.runCommand(
        base,
        str(json, 'userId'),
        str(json, 'channel'),
        str(json, 'command').replace(/^\//, ''),
        toOptions(json.options),
        typeof json.locale === 'string' ? json.locale : undefined,
      ),
    '/message-commands': (base, json) =>
      actions.runMessageCommand(base, str(json, 'userId'), str(json, 'messageId'), str(json, 'command')),
    '/components': (base, json) =>
      actions.clickComponent(
        base,
        str(json, 'userId'),
        str(json, 'messageId'),
        str(json, 'customId'),
        Array.isArray(json.values) ? json.values.map(String) : undefined,
      ),
    '/modals': (base, json) =>
      actions.submitModal(base, str(json, 'userId'), modalValues(json.values), {
        interactionId: typeof json.interactionId === 'string' ? json.interactionId : undefined,
        customId: typeof json.customId === 'string' ? json.customId : undefined,
      }),
  };

  return async (app: FastifyInstance) => {
    jsonApi(app);
    app.addHook('onRequest', async (request, reply) => {
      // To anyone else the control is not there: Discord's own 404.
      if (!fromLoopback(request.raw)) return sendError(reply, notFound());
    });
    app.setNotFoundHandler(async (request, reply) => {
      const path = new URL(request.url, 'http://emulator.local').pathname.slice(ctx.settings.prefix.length);
      if (path === '/_test') return sendError(reply, notFound());
      if (request.method === 'POST') jsonBody(request);
      throw new UserInputError('not_found', `No test route ${request.method} ${path}.`, 404);
    });

    app.get('/users', async (_request, reply) =>
      sendJson(reply, 200, {
        users: ctx.store.state.users.map((u) => ({ ...apiUser(u), name: u.username })),
      }),
    );
    app.get('/channels/:channel/messages', async (request, reply) => {
      const { channel } = request.params as { channel: string };
      const ch = ctx.store.channelByName(channel) ?? ctx.store.channel(channel);
      if (!ch) throw new UserInputError('unknown_channel', `No channel "${channel}".`, 404);
      return sendJson(reply, 200, { messages: visible(ctx.store.messages(ch.id)) });
    });
    app.get('/dms/:user(^\\d+$)', async (request, reply) => {
      const { user } = request.params as { user: string };
      const ch = ctx.store.state.channels.find((c) => c.type === 1 && c.recipientId === user);
      return sendJson(reply, 200, {
        channelId: ch?.id ?? null,
        messages: ch ? visible(ctx.store.messages(ch.id)) : [],
      });
    });
    app.post('/dms/:user(^\\d+$)', async (request, reply) => {
      // The person opens a DM with the app.
      jsonBody(request);
      const ch = actions.dm(actions.user((request.params as { user: string }).user));
      return sendJson(reply, 200, { channelId: ch.id });
    });
    app.get('/modals/:user(^\\d+$)', async (request, reply) =>
      sendJson(reply, 200, {
        modals: actions
          .openModals((request.params as { user: string }).user)
          .map((r) => ({ interactionId: r.id, ...(r.response?.data as object) })),
      }),
    );
    app.get('/holds', async (_request, reply) => sendJson(reply, 200, { held: ctx.holds.held() }));
    app.delete('/holds', async (request, reply) => {
      const { id } = request.query as { id?: string };
      ctx.holds.release(id === undefined ? undefined : Number(id));
      return sendJson(reply, 200, { released: true });
    });

    app.post('/users', async (request, reply) => {
      // A user the product's tests need beyond the seeded three (an id the app already knows).
      const json = jsonBody(request);
      const id = str(json, 'id');
      if (!/^\d{17,20}$/.test(id)) throw new UserInputError('invalid_id', '"id" must be a snowflake.');
      const username = str(json, 'username');
      let known = ctx.store.user(id);
      if (!known) {
        known = { id, username, globalName: username };
        ctx.store.state.users.push(known);
        ctx.store.changed();
      }
      return sendJson(reply, 200, { user: { ...apiUser(known), name: known.username } });
    });
    app.post('/installs', async (request, reply) => {
      // The person adds the app to their account (OAuth2 with integration_type=1).
      const user = await actions.installForUser(baseFor(ctx, request.raw), str(jsonBody(request), 'userId'));
      return sendJson(reply, 200, {
        user: { ...apiUser(user), installed: true },
        event: actions.events.at(-1) ?? null,
      });
    });
    app.post('/foreign', async (request, reply) => {
      // The foreign server's admin turns external apps off (or on again).
      const json = jsonBody(request);
      if (typeof json.externalApps !== 'boolean')
        throw new UserInputError('invalid_request', '"externalApps" must be true or false.');
      ctx.store.state.foreignExternalAppsOff = !json.externalApps;
      ctx.store.changed();
      return sendJson(reply, 200, { externalApps: json.externalApps });
    });
    app.post('/users/:user(^\\d+$)/locale', async (request, reply) => {
      const user = actions.setLocale(
        (request.params as { user: string }).user,
        str(jsonBody(request), 'locale'),
      );
      return sendJson(reply, 200, { user: { ...apiUser(user), locale: user.locale } });
    });
    app.post('/members/:user(^\\d+$)/:change(^(leave|join)$)', async (request, reply) => {
      // A member leaves the server (or comes back): Discord then answers Unknown Member for them.
      jsonBody(request);
      const { user: id, change } = request.params as { user: string; change: string };
      const user = ctx.store.user(id);
      if (!user) throw new UserInputError('unknown_user', 'No such user.', 404);
      user.left = change === 'leave';
      if (user.left) user.roles = [];
      ctx.store.changed();
      return sendJson(reply, 200, { ok: true });
    });
    app.post('/holds', async (request, reply) => {
      // The next REST request (below /api/v10) matching `method` and the `path` pattern waits.
      const json = jsonBody(request);
      const stage = str(json, 'stage');
      if (stage !== 'request' && stage !== 'response' && stage !== 'fail')
        throw new UserInputError('invalid_stage', '"stage" must be "request", "response" or "fail".');
      let pattern: string;
      try {
        pattern = new RegExp(str(json, 'path')).source;
      } catch {
        throw new UserInputError('invalid_path', '"path" must be a regular expression.');
      }
      return sendJson(reply, 200, { id: ctx.holds.add(str(json, 'method'), pattern, stage) });
    });
    for (const [path, act] of Object.entries(acts))
      app.post(path, async (request, reply) =>
        sendJson(reply, 200, await act(baseFor(ctx, request.raw), jsonBody(request))),
      );
  };
}
