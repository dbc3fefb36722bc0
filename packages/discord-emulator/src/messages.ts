import type { Ctx } from './ctx.ts';
import { emptyMessage, formBodyError, tooLarge, type FieldErrors } from './errors.ts';
import type { UploadedFile } from './http.ts';
import type { Message } from './store.ts';
import { apiUser } from './users.ts';
import { IS_COMPONENTS_V2, MAX_FILES, checkMessageBody } from './validate.ts';

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const EPHEMERAL = 64;
const ALLOWED_FLAGS = 4 | 4096 | 32768;

function imageSize(data: Buffer, type: string): { width: number; height: number } | null {
  if (type === 'image/png' && data.length > 24 && data.readUInt32BE(12) === 0x49484452)
    return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
  if (type === 'image/gif' && data.length > 10)
    return { width: data.readUInt16LE(6), height: data.readUInt16LE(8) };
  if (type === 'image/jpeg') {
    for (let i = 2; i + 9 < data.length;) {
      if (data[i] !== 0xff) return null;
      const marker = data[i + 1]!;
      if (marker >= 0xc0 && marker <= 0xc3)
        return { width: data.readUInt16BE(i + 7), height: data.readUInt16BE(i + 5) };
      i += 2 + data.readUInt16BE(i + 2);
    }
  }
  return null;
}

/** Stores an upload and returns Discord's attachment object for it. */
export function storeAttachment(
  ctx: Ctx,
  base: string,
  channelId: string,
  f: UploadedFile,
  extra: Record<string, unknown> = {},
) {
  if (f.data.length > MAX_FILE_BYTES) throw tooLarge();
  const id = ctx.id();
  const filename = f.filename.replace(/[^\w.-]+/g, '_') || 'file';
  ctx.store.putFile(id, { contentType: f.contentType, filename }, f.data);
  const url = `${base}/attachments/${channelId}/${id}/${encodeURIComponent(filename)}`;
  return {
    id,
    filename,
    size: f.data.length,
    url,
    proxy_url: url,
    content_type: f.contentType,
    ...(imageSize(f.data, f.contentType) ?? {}),
    ...extra,
  };
}

/** Mentioned users as Discord computes them: parsed from content, filtered by allowed_mentions
 * (https://discord.com/developers/docs/resources/message#allowed-mentions-object). */
function mentions(ctx: Ctx, content: string, allowed: unknown) {
  const am = (typeof allowed === 'object' && allowed !== null ? allowed : null) as {
    parse?: string[];
    users?: string[];
    roles?: string[];
  } | null;
  const ids = [...new Set([...content.matchAll(/<@!?(\d{17,20})>/g)].map((m) => m[1]!))];
  const userAllowed = (id: string) => !am || am.parse?.includes('users') || am.users?.includes(id);
  const roleIds = [...new Set([...content.matchAll(/<@&(\d{17,20})>/g)].map((m) => m[1]!))];
  const roleAllowed = (id: string) => !am || am.parse?.includes('roles') || am.roles?.includes(id);
  return {
    mentions: ids
      .filter(userAllowed)
      .map((id) => ctx.store.user(id))
      .filter((u) => u !== undefined)
      .map((u) => apiUser(u)),
    mention_roles: roleIds.filter(roleAllowed),
    mention_everyone: /@(everyone|here)/.test(content) && (!am || !!am.parse?.includes('everyone')),
  };
}

export interface Author {
  interactionId?: string;
  /** Webhook (interaction) messages carry the application id as webhook_id. */
  webhook?: boolean;
  ephemeralFor?: string;
  extra?: Record<string, unknown>;
}

/** Validates a create-message body (and its files) and builds the message. */
export function buildMessage(
  ctx: Ctx,
  base: string,
  channelId: string,
  body: Record<string, unknown>,
  files: UploadedFile[],
  author: Author,
  errorPrefix = '',
): Message {
  const errors: FieldErrors = new Map();
  checkMessageBody(errors, errorPrefix, body);
  if (files.length > MAX_FILES)
    errors.set('files', {
      code: 'BASE_TYPE_MAX_LENGTH',
      message: `Must be ${MAX_FILES} or fewer in length.`,
    });
  if (errors.size) throw formBodyError(errors);
  if (files.some((f) => f.data.length > MAX_FILE_BYTES)) throw tooLarge();
  const content = typeof body.content === 'string' ? body.content : '';
  const components = Array.isArray(body.components) ? body.components : [];
  const embeds = Array.isArray(body.embeds) ? body.embeds : [];
  if (!content && !files.length && !components.length && !embeds.length && !body.poll) throw emptyMessage();
  const flagsIn = typeof body.flags === 'number' ? body.flags : 0;
  const ephemeral = author.webhook && (flagsIn & EPHEMERAL) !== 0;
  const attachments = files.map((f) =>
    storeAttachment(ctx, base, channelId, f, ephemeral ? { ephemeral: true } : {}),
  );
  const bot = ctx.botUser();
  return {
    type: 0,
    content,
    attachments,
    embeds,
    timestamp: ctx.iso(),
    edited_timestamp: null,
    flags: (flagsIn & ALLOWED_FLAGS) | (ephemeral ? EPHEMERAL : 0),
    components: resolveMedia(withComponentIds(components), attachments),
    id: ctx.id(),
    channel_id: channelId,
    author: bot,
    pinned: false,
    tts: false,
    ...(author.webhook ? { webhook_id: bot.id, application_id: bot.id } : {}),
    // Components V2 text mentions like content does.
    ...mentions(ctx, [content, ...textDisplays(components)].join('\n'), body.allowed_mentions),
    ...author.extra,
    ...(author.interactionId ? { _interactionId: author.interactionId } : {}),
    ...(ephemeral && author.ephemeralFor ? { _visibleTo: author.ephemeralFor } : {}),
  };
}

type Component = Record<string, unknown>;

/** A component's children: an action row's or container's `components`, a section's `accessory`, a label's `component`. */
function childrenOf(c: Component): Component[] {
  const out: Component[] = [];
  if (Array.isArray(c.components)) out.push(...(c.components as Component[]));
  for (const key of ['accessory', 'component'] as const)
    if (c[key] && typeof c[key] === 'object') out.push(c[key] as Component);
  return out;
}

/**
 * Discord answers every component with an `id`: one the app gave is kept, the others are numbered
 * in order (depth first), skipping numbers already taken in the message
 * (https://discord.com/developers/docs/components/reference#anatomy-of-a-component).
 */
export function withComponentIds(components: unknown[]): unknown[] {
  const copy = structuredClone(components) as Component[];
  const all: Component[] = [];
  const walk = (list: Component[]) =>
    list.forEach((c) => {
      if (!c || typeof c !== 'object') return;
      all.push(c);
      walk(childrenOf(c));
    });
  walk(copy);
  const taken = new Set(all.map((c) => c.id).filter((id) => typeof id === 'number'));
  let next = 1;
  for (const c of all) {
    if (typeof c.id === 'number') continue;
    while (taken.has(next)) next += 1;
    c.id = next;
    taken.add(next);
  }
  return copy;
}

/** Applies an edit: the fields present replace the old ones; `attachments` lists which to keep. */
export function editMessage(
  ctx: Ctx,
  base: string,
  msg: Message,
  body: Record<string, unknown>,
  files: UploadedFile[],
  errorPrefix = '',
): Message {
  const errors: FieldErrors = new Map();
  checkMessageBody(errors, errorPrefix, body, ((msg.flags as number) & IS_COMPONENTS_V2) !== 0);
  if (errors.size) throw formBodyError(errors);
  if (files.some((f) => f.data.length > MAX_FILE_BYTES)) throw tooLarge();
  const old = msg.attachments as { id: string }[];
  const keep = Array.isArray(body.attachments)
    ? old.filter((a) => (body.attachments as { id?: unknown }[]).some((k) => String(k.id) === a.id))
    : old;
  const added = files.map((f) => storeAttachment(ctx, base, msg.channel_id, f));
  for (const key of ['content', 'embeds', 'components'] as const)
    if (body[key] !== undefined) msg[key] = body[key] ?? (key === 'content' ? '' : []);
  if (Array.isArray(body.components))
    msg.components = resolveMedia(withComponentIds(body.components), [
      ...(msg.attachments as Attachment[]),
      ...(added as Attachment[]),
    ]);
  if (typeof body.flags === 'number')
    msg.flags = ((msg.flags as number) & EPHEMERAL) | (body.flags & ALLOWED_FLAGS);
  msg.attachments = [...keep, ...added];
  msg.flags = (msg.flags as number) & ~128;
  msg.edited_timestamp = ctx.iso();
  Object.assign(
    msg,
    mentions(
      ctx,
      [
        typeof msg.content === 'string' ? msg.content : '',
        ...textDisplays((msg.components as unknown[]) ?? []),
      ].join('\n'),
      body.allowed_mentions,
    ),
  );
  return msg;
}

/** The text of every Text Display (type 10) in a message's components. */
export function textDisplays(components: unknown[]): string[] {
  const out: string[] = [];
  for (const c of components as Record<string, unknown>[]) {
    if (!c || typeof c !== 'object') continue;
    if (c.type === 10 && typeof c.content === 'string') out.push(c.content);
    if (Array.isArray(c.components)) out.push(...textDisplays(c.components));
  }
  return out;
}

type Attachment = {
  id: string;
  filename: string;
  url: string;
  proxy_url: string;
  content_type?: string;
  size: number;
  width?: number;
  height?: number;
};

/**
 * Media named `attachment://<filename>` in Components V2 become the attachment's unfurled media
 * item, as Discord returns it: its URL, size and id. A File component also gets the file's name and size.
 */
export function resolveMedia(components: unknown[], attachments: Attachment[]): unknown[] {
  const unfurl = (media: Record<string, unknown>) => {
    const url = typeof media.url === 'string' ? media.url : '';
    // `attachment://name` names a file sent with the message; an edit sends back the URL Discord gave.
    const att = url.startsWith('attachment://')
      ? attachments.find((a) => a.filename === url.slice('attachment://'.length))
      : attachments.find((a) => a.url === url);
    if (!att)
      return {
        url,
        proxy_url: url,
        width: null,
        height: null,
        content_type: null,
        flags: 0,
        loading_state: 0,
      };
    return {
      url: att.url,
      proxy_url: att.proxy_url,
      width: att.width ?? null,
      height: att.height ?? null,
      content_type: att.content_type ?? null,
      flags: 0,
      loading_state: 2,
      attachment_id: att.id,
    };
  };
  const walk = (list: unknown[]): unknown[] =>
    (list as Record<string, unknown>[]).map((c) => {
      const out: Record<string, unknown> = { ...c };
      if (Array.isArray(c.components)) out.components = walk(c.components);
      if (c.accessory && typeof c.accessory === 'object') out.accessory = walk([c.accessory])[0];
      if (Array.isArray(c.items))
        out.items = (c.items as Record<string, unknown>[]).map((item) => ({
          ...item,
          media: unfurl((item.media ?? {}) as Record<string, unknown>),
        }));
      if (c.type === 11 && c.media) out.media = unfurl(c.media as Record<string, unknown>);
      if (c.type === 13 && c.file) {
        const file = unfurl(c.file as Record<string, unknown>);
        const att = attachments.find((a) => a.id === file.attachment_id);
        Object.assign(out, { file, ...(att ? { name: att.filename, size: att.size } : {}) });
      }
      return out;
    });
  return walk(components);
}

/** The message as Discord's API returns it: emulator-only fields removed. */
export function publicMessage(m: Message): Record<string, unknown> {
  return Object.fromEntries(Object.entries(m).filter(([k]) => !k.startsWith('_')));
}
