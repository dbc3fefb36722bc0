import { overwriteCommands } from './app-commands.ts';
import { applyCallback, assertAnswerable, interactionMetadata } from './callback.ts';
import type { Ctx } from './ctx.ts';
import {
  DiscordError,
  formBodyError,
  type FieldErrors,
  invalidWebhookToken,
  unauthorized,
  unknownChannel,
  unknownMessage,
  unknownUser,
  unknownWebhook,
} from './errors.ts';
import type { ParsedBody } from './http.ts';
import { TOKEN_TTL_MS, type InteractionSender } from './interactions.ts';
import { EPHEMERAL, buildMessage, editMessage, publicMessage } from './messages.ts';
import { apiChannel, forcedEphemeral } from './payloads.ts';
import { GUILD_ID, apiMember, apiRole, everyoneRole } from './users.ts';
import type { InteractionRecord, Message } from './store.ts';

export interface RestRequest {
  method: string;
  /** Path below `/api/v10`. */
  path: string;
  query: URLSearchParams;
  body: ParsedBody;
  base: string;
}

export interface RestResult {
  status: number;
  body?: unknown;
}

export interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Fastify route path below `/api/v10`; ids are digits only, as Discord's snowflakes. */
  path: string;
  /** Bucket name; the first path parameter is the top-level resource. */
  bucket: string;
  bot: boolean;
  /** `m`: the path parameters in path order. */
  run: (ctx: Ctx, r: RestRequest, m: string[]) => RestResult;
}

const ok = (body: unknown): RestResult => ({ status: 200, body });
const noContent: RestResult = { status: 204 };

/** The interaction a webhook token belongs to; tokens live 15 minutes
 * (https://discord.com/developers/docs/interactions/receiving-and-responding#followup-messages). */
function webhookInteraction(ctx: Ctx, appId: string, token: string): InteractionRecord {
  if (appId !== ctx.keys.applicationId) throw unknownWebhook();
  const rec = Object.values(ctx.store.state.interactions).find((i) => i.token === token);
  if (!rec || ctx.now() - rec.createdAt > TOKEN_TTL_MS) throw invalidWebhookToken();
  return rec;
}

function webhookMessage(ctx: Ctx, rec: InteractionRecord, id: string): Message {
  const msgId = id === '@original' ? rec.originalMessageId : id;
  const msg = msgId ? ctx.store.findMessage(msgId) : undefined;
  if (!msg || (msg._interactionId !== rec.id && msg.id !== rec.originalMessageId)) throw unknownMessage();
  return msg;
}

/** How long a nonce is remembered for `enforce_nonce`: Discord says "the past few minutes". */
export const NONCE_WINDOW_MS = 5 * 60_000;
const MAX_NONCE = 25;

/**
 * Create Message's `nonce` (an integer or a string of up to 25 characters) and `enforce_nonce`
 * (https://discord.com/developers/docs/resources/message#create-message): with both, a message the
 * same author created with the same nonce in the past few minutes is returned instead of a new one.
 */
function checkNonce(body: Record<string, unknown>): string | undefined {
  const nonce = body.nonce;
  if (nonce === undefined || nonce === null) return undefined;
  if (typeof nonce === 'number' && Number.isInteger(nonce)) return String(nonce);
  if (typeof nonce === 'string' && nonce.length <= MAX_NONCE) return nonce;
  throw formBodyError(
    new Map([
      [
        'nonce',
        typeof nonce === 'string'
          ? { code: 'BASE_TYPE_MAX_LENGTH', message: `Must be ${MAX_NONCE} or fewer in length.` }
          : { code: 'NONCE_TYPE_INVALID', message: 'Nonce must be an integer or a string.' },
      ],
    ]),
  );
}

function messageByNonce(ctx: Ctx, authorId: string, nonce: string): Message | undefined {
  for (const list of Object.values(ctx.store.state.messages)) {
    const found = list.find(
      (m) =>
        m._nonce === nonce &&
        (m.author as { id?: string } | undefined)?.id === authorId &&
        ctx.now() - Number(m._createdAt ?? 0) <= NONCE_WINDOW_MS,
    );
    if (found) return found;
  }
  return undefined;
}

/** Get Channel Messages' `before` / `after` / `around` (one at most) and `limit` (1–100, default 50),
 * newest first (https://discord.com/developers/docs/resources/message#get-channel-messages). */
function pageOfMessages(list: Message[], query: URLSearchParams): Message[] {
  const limitText = query.get('limit');
  const limit = limitText === null ? 50 : Number(limitText);
  const errors: FieldErrors = new Map();
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    errors.set('limit', { code: 'NUMBER_TYPE_MAX', message: 'Int value should be between 1 and 100.' });
  const anchors = (['before', 'after', 'around'] as const).filter((k) => query.get(k) !== null);
  for (const k of anchors)
    if (!/^\d{1,20}$/.test(query.get(k)!))
      errors.set(k, { code: 'NUMBER_TYPE_COERCE', message: `Value "${query.get(k)}" is not snowflake.` });
  if (errors.size) throw formBodyError(errors);
  const id = (m: Message) => BigInt(m.id);
  const visible = list.filter((m) => !m._notice && !m._visibleTo).sort((a, b) => (id(a) < id(b) ? 1 : -1));
  const anchor = anchors[0];
  if (anchor === 'after') {
    const after = BigInt(query.get('after')!);
    return visible.filter((m) => id(m) > after).slice(-limit);
  }
  if (anchor === 'before') {
    const before = BigInt(query.get('before')!);
    return visible.filter((m) => id(m) < before).slice(0, limit);
  }
  if (anchor === 'around') {
    const around = BigInt(query.get('around')!);
    const at = visible.findIndex((m) => id(m) <= around);
    const start = Math.max(0, (at < 0 ? visible.length : at) - Math.floor(limit / 2));
    return visible.slice(start, start + limit);
  }
  return visible.slice(0, limit);
}

function removeMessage(ctx: Ctx, msg: Message): void {
  const list = ctx.store.messages(msg.channel_id);
  list.splice(list.indexOf(msg), 1);
  ctx.store.changed();
}

/**
 * A channel the bot may use: one of its server's or a DM. Another server's channel exists but the
 * bot is not a member there: Discord's 403 Missing Access.
 */
function botChannel(ctx: Ctx, channelId: string) {
  const ch = ctx.store.channel(channelId);
  if (!ch) throw unknownChannel();
  if (ch.guildId) throw new DiscordError(403, 50001, 'Missing Access');
  return ch;
}

function channelMessage(ctx: Ctx, channelId: string, id: string): Message {
  if (!ctx.store.channel(channelId)) throw unknownChannel();
  const msg = ctx.store.messages(channelId).find((m) => m.id === id && !m._notice);
  if (!msg) throw unknownMessage();
  return msg;
}

export function restRoutes(sender: InteractionSender): Route[] {
  const hook = '/webhooks/:app(^\\d+$)/:token';
  return [
    {
      method: 'POST',
      path: '/interactions/:id(^\\d+$)/:token/callback',
      bucket: 'interactions/callback',
      bot: false,
      run(ctx, r, [id, token]) {
        const rec = assertAnswerable(ctx, ctx.store.state.interactions[id!], token!);
        const result = applyCallback(ctx, sender, rec, r.body.json, r.body.files, r.base);
        return r.query.get('with_response') === 'true' ? ok(result) : noContent;
      },
    },
    {
      method: 'GET',
      path: `${hook}/messages/:message`,
      bucket: 'webhooks/messages',
      bot: false,
      run: (ctx, _r, [app, token, id]) =>
        ok(publicMessage(webhookMessage(ctx, webhookInteraction(ctx, app!, token!), id!))),
    },
    {
      method: 'PATCH',
      path: `${hook}/messages/:message`,
      bucket: 'webhooks/messages',
      bot: false,
      run(ctx, r, [app, token, id]) {
        const msg = webhookMessage(ctx, webhookInteraction(ctx, app!, token!), id!);
        editMessage(ctx, r.base, msg, r.body.json, r.body.files);
        ctx.store.changed();
        return ok(publicMessage(msg));
      },
    },
    {
      method: 'DELETE',
      path: `${hook}/messages/:message`,
      bucket: 'webhooks/messages',
      bot: false,
      run(ctx, _r, [app, token, id]) {
        removeMessage(ctx, webhookMessage(ctx, webhookInteraction(ctx, app!, token!), id!));
        return noContent;
      },
    },
    {
      method: 'POST',
      path: hook,
      bucket: 'webhooks',
      bot: false,
      run(ctx, r, [app, token]) {
        const rec = webhookInteraction(ctx, app!, token!);
        if (rec.status !== 'acknowledged') throw new DiscordError(404, 10015, 'Unknown Webhook');
        // A follow-up carries the interaction's metadata, not the deprecated `interaction` field.
        const { interaction: _deprecated, ...metadata } = interactionMetadata(ctx, rec);
        // A server that turned off external apps sees a user-installed app's follow-ups only privately.
        const body = forcedEphemeral(rec.payload)
          ? { ...r.body.json, flags: Number(r.body.json.flags ?? 0) | EPHEMERAL }
          : r.body.json;
        const msg = buildMessage(ctx, r.base, rec.channelId, body, r.body.files, {
          webhook: true,
          interactionId: rec.id,
          ephemeralFor: rec.userId,
          extra: { type: 0, webhook_id: ctx.keys.applicationId, ...metadata },
        });
        ctx.store.messages(rec.channelId).push(msg);
        ctx.store.changed();
        return ok(publicMessage(msg));
      },
    },
    {
      method: 'POST',
      path: '/channels/:channel(^\\d+$)/messages',
      bucket: 'channels/messages',
      bot: true,
      run(ctx, r, [channelId]) {
        botChannel(ctx, channelId!);
        const nonce = checkNonce(r.body.json);
        const bot = ctx.keys.applicationId;
        const earlier =
          nonce !== undefined && r.body.json.enforce_nonce === true && messageByNonce(ctx, bot, nonce);
        if (earlier) return ok({ ...publicMessage(earlier), nonce });
        const msg = buildMessage(ctx, r.base, channelId!, r.body.json, r.body.files, {});
        if (nonce !== undefined) Object.assign(msg, { _nonce: nonce, _createdAt: ctx.now() });
        ctx.store.messages(channelId!).push(msg);
        ctx.store.changed();
        return ok(nonce === undefined ? publicMessage(msg) : { ...publicMessage(msg), nonce });
      },
    },
    {
      method: 'GET',
      path: '/channels/:channel(^\\d+$)/messages',
      bucket: 'channels/messages',
      bot: true,
      run(ctx, r, [channelId]) {
        botChannel(ctx, channelId!);
        return ok(pageOfMessages(ctx.store.messages(channelId!), r.query).map(publicMessage));
      },
    },
    {
      method: 'GET',
      path: '/channels/:channel(^\\d+$)/messages/:message(^\\d+$)',
      bucket: 'channels/messages/id',
      bot: true,
      run: (ctx, _r, [c, id]) => (botChannel(ctx, c!), ok(publicMessage(channelMessage(ctx, c!, id!)))),
    },
    {
      method: 'PATCH',
      path: '/channels/:channel(^\\d+$)/messages/:message(^\\d+$)',
      bucket: 'channels/messages/id',
      bot: true,
      run(ctx, r, [c, id]) {
        botChannel(ctx, c!);
        const msg = channelMessage(ctx, c!, id!);
        if ((msg.author as { id?: string } | undefined)?.id !== ctx.keys.applicationId)
          throw new DiscordError(403, 50005, 'Cannot edit a message authored by another user');
        editMessage(ctx, r.base, msg, r.body.json, r.body.files);
        ctx.store.changed();
        return ok(publicMessage(msg));
      },
    },
    {
      method: 'DELETE',
      path: '/channels/:channel(^\\d+$)/messages/:message(^\\d+$)',
      bucket: 'channels/messages/id',
      bot: true,
      run(ctx, _r, [c, id]) {
        botChannel(ctx, c!);
        removeMessage(ctx, channelMessage(ctx, c!, id!));
        return noContent;
      },
    },
    {
      method: 'POST',
      path: '/users/@me/channels',
      bucket: 'users/@me/channels',
      bot: true,
      run(ctx, r) {
        const { recipient_id } = r.body.json;
        const recipient =
          typeof recipient_id === 'string' || typeof recipient_id === 'number' ? String(recipient_id) : '';
        if (!ctx.store.user(recipient)) throw unknownUser();
        const ch = ctx.store.dmChannel(recipient, () => ctx.id());
        ctx.store.changed();
        return ok(apiChannel(ctx, ch));
      },
    },
    {
      // Resources › Guild › Get Guild Channels: the guild's channels (DMs are not guild channels).
      method: 'GET',
      path: '/guilds/:guild(^\\d+$)/channels',
      bucket: 'guilds/channels',
      bot: true,
      run(ctx, _r, [guild]) {
        if (guild !== GUILD_ID) throw new DiscordError(404, 10004, 'Unknown Guild');
        // Channel objects as Get Channel has them: `permissions` belongs to interactions' channels only.
        const channels = ctx.store.guildChannels().map((c) => apiChannel(ctx, c));
        return ok(channels.map(({ permissions: _computed, ...channel }) => channel));
      },
    },
    {
      // Resources › Guild › Get Guild Roles.
      method: 'GET',
      path: '/guilds/:guild(^\\d+$)/roles',
      bucket: 'guilds/roles',
      bot: true,
      run(ctx, _r, [guild]) {
        if (guild !== GUILD_ID) throw new DiscordError(404, 10004, 'Unknown Guild');
        return ok([everyoneRole(GUILD_ID), ...(ctx.store.state.roles ?? []).map(apiRole)]);
      },
    },
    {
      // Resources › Guild › Get Guild Member: 404 Unknown Member once the user left the server.
      method: 'GET',
      path: '/guilds/:guild(^\\d+$)/members/:user(^\\d+$)',
      bucket: 'guilds/members',
      bot: true,
      run(ctx, _r, [guild, userId]) {
        return ok(apiMember(member(ctx, guild!, userId!)));
      },
    },
    {
      // Resources › Guild › Add Guild Member Role (and Remove, below): 204, idempotent.
      method: 'PUT',
      path: '/guilds/:guild(^\\d+$)/members/:user(^\\d+$)/roles/:role(^\\d+$)',
      bucket: 'guilds/members/roles',
      bot: true,
      run(ctx, _r, [guild, userId, roleId]) {
        const user = member(ctx, guild!, userId!);
        guildRole(ctx, roleId!);
        if (!(user.roles ?? []).includes(roleId!)) {
          user.roles = [...(user.roles ?? []), roleId!];
          ctx.store.changed();
        }
        return noContent;
      },
    },
    {
      method: 'DELETE',
      path: '/guilds/:guild(^\\d+$)/members/:user(^\\d+$)/roles/:role(^\\d+$)',
      bucket: 'guilds/members/roles',
      bot: true,
      run(ctx, _r, [guild, userId, roleId]) {
        const user = member(ctx, guild!, userId!);
        guildRole(ctx, roleId!);
        if ((user.roles ?? []).includes(roleId!)) {
          user.roles = (user.roles ?? []).filter((id) => id !== roleId);
          ctx.store.changed();
        }
        return noContent;
      },
    },
    {
      method: 'GET',
      path: '/users/@me',
      bucket: 'users/@me',
      bot: true,
      run: (ctx) => ok(ctx.botUser()),
    },
    {
      method: 'GET',
      path: '/applications/:app(^\\d+$)/commands',
      bucket: 'applications/commands',
      bot: true,
      run(ctx, _r, [app]) {
        if (app !== ctx.keys.applicationId) throw new DiscordError(403, 50001, 'Missing Access');
        return ok(ctx.store.state.commands);
      },
    },
    {
      method: 'PUT',
      path: '/applications/:app(^\\d+$)/commands',
      bucket: 'applications/commands',
      bot: true,
      run(ctx, r, [app]) {
        if (app !== ctx.keys.applicationId) throw new DiscordError(403, 50001, 'Missing Access');
        return ok(overwriteCommands(ctx, r.body.json));
      },
    },
  ];
}

/** A member of our one guild; Discord's 404s for another guild, an unknown user or one who left. */
function member(ctx: Ctx, guild: string, userId: string) {
  if (guild !== GUILD_ID) throw new DiscordError(404, 10004, 'Unknown Guild');
  const user = ctx.store.user(userId);
  if (!user) throw new DiscordError(404, 10013, 'Unknown User');
  if (user.left) throw new DiscordError(404, 10007, 'Unknown Member');
  return user;
}

function guildRole(ctx: Ctx, roleId: string) {
  const role = (ctx.store.state.roles ?? []).find((entry) => entry.id === roleId);
  if (!role) throw new DiscordError(404, 10011, 'Unknown Role');
  return role;
}

export function checkBotAuth(ctx: Ctx, authorization: string | undefined): void {
  if (authorization !== `Bot ${ctx.keys.botToken}`) throw unauthorized();
}
