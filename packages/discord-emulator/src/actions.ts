import { DISCORD_LOCALES } from './app-commands.ts';
import { UserInputError, resolveOptions, type OptionDef, type OptionInput } from './commands.ts';
import type { Ctx } from './ctx.ts';
import type { UploadedFile } from './http.ts';
import type { InteractionSender, Outcome } from './interactions.ts';
import { publicMessage, storeAttachment } from './messages.ts';
import { signInteraction } from './signing.ts';
import { componentData, interactionBase } from './payloads.ts';
import type { Channel, InteractionRecord } from './store.ts';
import { apiUser, type DiscordUserSeed } from './users.ts';

/** What a person does in Discord's client, turned into interactions sent to the app. */
export class Actions {
  constructor(
    private readonly ctx: Ctx,
    private readonly sender: InteractionSender,
  ) {}

  user(userId: string): DiscordUserSeed {
    const u = this.ctx.store.user(userId);
    if (!u) throw new UserInputError('unknown_user', `No Discord user with id ${userId}.`, 404);
    return u;
  }

  /** A guild channel by name or id, or a DM channel id (the user's own). */
  channel(user: DiscordUserSeed, ref: string): Channel {
    const { store } = this.ctx;
    const ch = store.channelByName(ref) ?? store.channel(ref);
    if (!ch || (ch.type === 1 && ch.recipientId !== user.id))
      throw new UserInputError('unknown_channel', `No channel "${ref}".`, 404);
    return ch;
  }

  dm(user: DiscordUserSeed): Channel {
    const ch = this.ctx.store.dmChannel(user.id, () => this.ctx.id());
    this.ctx.store.changed();
    return ch;
  }

  private record(
    type: number,
    user: DiscordUserSeed,
    ch: Channel,
    data: Record<string, unknown>,
    extra: Partial<InteractionRecord> = {},
  ): InteractionRecord {
    const { id, token } = this.sender.newIds();
    const payload: Record<string, unknown> = {
      ...interactionBase(this.ctx, id, token, type, user, ch),
      data,
    };
    return {
      id,
      token,
      type,
      userId: user.id,
      channelId: ch.id,
      createdAt: this.ctx.now(),
      status: 'pending',
      payload,
      ...extra,
    };
  }

  async runCommand(
    base: string,
    userId: string,
    channelRef: string,
    name: string,
    options: Record<string, OptionInput>,
    locale?: string,
  ): Promise<Outcome> {
    const user = this.user(userId);
    const ch = this.channel(user, channelRef);
    if (locale !== undefined && !DISCORD_LOCALES.includes(locale))
      throw new UserInputError('invalid_locale', `"${locale}" is not one of Discord's locales.`);
    const cmd = this.ctx.store.state.commands.find((c) => c.name === name && (c.type ?? 1) === 1);
    if (!cmd) throw new UserInputError('unknown_command', `The application has no command /${name}.`, 404);
    this.assertOffered(user, ch, cmd, name);
    const resolved = {};
    const opts = resolveOptions(this.ctx, base, (cmd.options ?? []) as OptionDef[], options, resolved);
    const data = {
      id: cmd.id,
      name,
      type: 1,
      ...(opts.length ? { options: opts } : {}),
      ...(Object.keys(resolved).length ? { resolved } : {}),
      ...(ch.type === 0
        ? { guild_id: (interactionBase(this.ctx, '', '', 2, user, ch) as { guild_id?: string }).guild_id }
        : {}),
    };
    const rec = this.record(2, user, ch, data);
    if (locale) rec.payload.locale = locale;
    return this.sender.dispatch(rec, base);
  }

  /**
   * Discord offers a command only where the app is installed and its registration allows: in
   * another server only to people who added the app to their account (integration type 1), and in
   * each context only when the command's `contexts` lists it.
   */
  private assertOffered(user: DiscordUserSeed, ch: Channel, cmd: Record<string, unknown>, name: string) {
    const context = ch.type === 1 ? 1 : 0;
    const types = (cmd.integration_types as number[] | undefined) ?? [0];
    const contexts = cmd.contexts as number[] | null | undefined;
    if (ch.guildId && !(user.installed && types.includes(1)))
      throw new UserInputError(
        'not_installed',
        'This server has not added the app; add it to your account to use it here.',
        403,
      );
    if (contexts && !contexts.includes(context))
      throw new UserInputError('command_unavailable', `/${name} is not available here.`, 403);
  }

  /** Webhook events sent to the app, newest last, with the HTTP status it answered (0: unreachable). */
  readonly events: { body: Record<string, unknown>; status: number }[] = [];

  /**
   * The person adds the app to their account (a user install, OAuth2 with `integration_type=1`):
   * Discord then sends the app's Webhook Events URL an `APPLICATION_AUTHORIZED` event, signed as
   * interactions are (https://discord.com/developers/docs/events/webhook-events).
   */
  async installForUser(_base: string, userId: string): Promise<DiscordUserSeed> {
    const user = this.user(userId);
    user.installed = true;
    this.ctx.store.changed();
    const url = this.ctx.settings.eventsUrl;
    if (url) {
      const body = {
        version: 1,
        application_id: this.ctx.keys.applicationId,
        type: 1,
        event: {
          type: 'APPLICATION_AUTHORIZED',
          timestamp: new Date(this.ctx.now()).toISOString(),
          data: { integration_type: 1, scopes: ['applications.commands'], user: apiUser(user) },
        },
      };
      this.ctx.observe?.({ kind: 'response', route: 'SEND webhook-event', body });
      const text = JSON.stringify(body);
      const timestamp = String(Math.floor(this.ctx.now() / 1000));
      const status = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Discord-Webhook/1.0 (+https://discord.com)',
          'x-signature-ed25519': signInteraction(this.ctx.keys.privateKey, timestamp, text),
          'x-signature-timestamp': timestamp,
        },
        body: text,
        signal: AbortSignal.timeout(this.ctx.settings.deadlineMs),
      }).then(
        async (res) => (await res.arrayBuffer(), res.status),
        () => 0,
      );
      this.events.push({ body, status });
    }
    return user;
  }

  /** The language of the person's Discord client, sent as `locale` on their interactions. */
  setLocale(userId: string, locale: string): DiscordUserSeed {
    const user = this.user(userId);
    if (!DISCORD_LOCALES.includes(locale))
      throw new UserInputError('invalid_locale', `"${locale}" is not one of Discord's locales.`);
    user.locale = locale;
    this.ctx.store.changed();
    return user;
  }

  async clickComponent(
    base: string,
    userId: string,
    messageId: string,
    customId: string,
    values?: string[],
  ): Promise<Outcome> {
    const user = this.user(userId);
    const msg = this.ctx.store.findMessage(messageId);
    if (!msg || msg._notice || (msg._visibleTo && msg._visibleTo !== userId))
      throw new UserInputError('unknown_message', `No message ${messageId}.`, 404);
    const ch = this.channel(user, msg.channel_id);
    const data = componentData(msg, customId);
    if (!data)
      throw new UserInputError(
        'unknown_component',
        `Message ${messageId} has no component "${customId}".`,
        404,
      );
    if ('values' in data) (data as { values: string[] }).values = values ?? [];
    const message = publicMessage(msg);
    const rec = this.record(3, user, ch, data, { sourceMessageId: msg.id });
    rec.payload.message = message;
    return this.sender.dispatch(rec, base);
  }

  /**
   * A message context-menu command (application command type 3, "Apps" on a message): the
   * interaction carries the message as `data.target_id` and in `data.resolved.messages`.
   */
  async runMessageCommand(base: string, userId: string, messageId: string, name: string): Promise<Outcome> {
    const user = this.user(userId);
    const msg = this.ctx.store.findMessage(messageId);
    if (!msg || msg._notice || (msg._visibleTo && msg._visibleTo !== userId))
      throw new UserInputError('unknown_message', `No message ${messageId}.`, 404);
    const ch = this.channel(user, msg.channel_id);
    const cmd = this.ctx.store.state.commands.find((c) => c.name === name && c.type === 3);
    if (!cmd)
      throw new UserInputError('unknown_command', `The application has no message command "${name}".`, 404);
    const message = publicMessage(msg);
    const data = {
      id: cmd.id,
      name,
      type: 3,
      target_id: msg.id,
      resolved: { messages: { [msg.id]: message } },
      ...(ch.type === 0
        ? { guild_id: (interactionBase(this.ctx, '', '', 2, user, ch) as { guild_id?: string }).guild_id }
        : {}),
    };
    return this.sender.dispatch(this.record(2, user, ch, data), base);
  }

  /** Modals the user has open, newest first. */
  openModals(userId: string): InteractionRecord[] {
    return Object.values(this.ctx.store.state.interactions)
      .filter((i) => i.userId === userId && i.modalOpen)
      .sort((a, b) => b.createdAt - a.createdAt);
  }

  closeModal(userId: string, interactionId: string): void {
    const rec = this.openModals(userId).find((r) => r.id === interactionId);
    if (rec) {
      rec.modalOpen = false;
      this.ctx.store.changed();
    }
  }

  async submitModal(
    base: string,
    userId: string,
    values: Record<string, string | UploadedFile[]>,
    ref: { interactionId?: string; customId?: string },
  ): Promise<Outcome> {
    const user = this.user(userId);
    const open = this.openModals(userId).find(
      (r) =>
        (!ref.interactionId || r.id === ref.interactionId) &&
        (!ref.customId || (r.response?.data as { custom_id?: string }).custom_id === ref.customId),
    );
    if (!open) throw new UserInputError('no_modal', 'The user has no such modal open.', 404);
    const modal = open.response!.data as { custom_id: string; components: Record<string, unknown>[] };
    const attachments: Record<string, unknown> = {};
    const components = modal.components.map((row) => {
      const input = (
        row.type === 18 ? row.component : (row.components as Record<string, unknown>[])[0]
      ) as Record<string, unknown>;
      if (input.type === 19) {
        const submitted = {
          type: 19,
          ...(input.id ? { id: input.id } : {}),
          custom_id: input.custom_id,
          values: this.uploads(base, input, values[input.custom_id as string], attachments),
        };
        return { type: 18, ...(row.id ? { id: row.id } : {}), component: submitted };
      }
      const given = values[input.custom_id as string] ?? '';
      if (typeof given !== 'string')
        throw new UserInputError('invalid_value', `"${String(input.custom_id)}" takes text.`);
      const value = given;
      if (input.required !== false && value === '')
        throw new UserInputError('missing_value', `"${String(input.custom_id)}" is required.`);
      const submitted = {
        type: input.type,
        ...(input.id ? { id: input.id } : {}),
        custom_id: input.custom_id,
        value,
      };
      return row.type === 18
        ? { type: 18, ...(row.id ? { id: row.id } : {}), component: submitted }
        : { type: 1, ...(row.id ? { id: row.id } : {}), components: [submitted] };
    });
    open.modalOpen = false;
    const ch = this.ctx.store.channel(open.channelId)!;
    const rec = this.record(
      5,
      user,
      ch,
      {
        custom_id: modal.custom_id,
        components,
        ...(Object.keys(attachments).length ? { resolved: { attachments } } : {}),
      },
      { sourceMessageId: open.sourceMessageId, triggeringInteractionId: open.id },
    );
    const source = open.sourceMessageId ? this.ctx.store.findMessage(open.sourceMessageId) : undefined;
    if (source) {
      const message = publicMessage(source);
      rec.payload.message = message;
    }
    return this.sender.dispatch(rec, base);
  }

  /**
   * The files a person picks in a File Upload: as many as it asks (1 by default, at most 10), of
   * its `file_types` (dot-prefixed extensions, or `image`, `video`, `audio`), as Discord's client
   * allows; each becomes an attachment in the submit's `resolved`.
   */
  private uploads(
    base: string,
    input: Record<string, unknown>,
    given: string | UploadedFile[] | undefined,
    attachments: Record<string, unknown>,
  ): string[] {
    const files = Array.isArray(given) ? given : [];
    const min = typeof input.min_values === 'number' ? input.min_values : 1;
    const max = typeof input.max_values === 'number' ? input.max_values : 1;
    const required = input.required !== false;
    if ((required || files.length) && (files.length < min || files.length > max))
      throw new UserInputError(
        'wrong_file_count',
        `"${String(input.custom_id)}" takes ${min === max ? min : `${min} to ${max}`} file(s).`,
      );
    const types = Array.isArray(input.file_types) ? (input.file_types as string[]) : [];
    for (const file of files) {
      const extension = `.${file.filename.split('.').pop()?.toLowerCase() ?? ''}`;
      const family = file.contentType.split('/')[0]!;
      if (types.length && !types.includes(extension) && !types.includes(family))
        throw new UserInputError('wrong_file_type', `${file.filename} is not one of ${types.join(', ')}.`);
    }
    return files.map((file) => {
      const attachment = storeAttachment(this.ctx, base, 'ephemeral', file, { ephemeral: true });
      attachments[attachment.id] = attachment;
      return attachment.id;
    });
  }

  /** A person's own message: the bot does not see it (no gateway), but the channel shows it. */
  say(base: string, userId: string, channelRef: string, content: string, files: UploadedFile[]) {
    const user = this.user(userId);
    const ch = this.channel(user, channelRef);
    if (!content.trim() && !files.length)
      throw new UserInputError('empty_message', 'Write something or attach a file.');
    if (content.length > 2000)
      throw new UserInputError('too_long', 'Messages are limited to 2000 characters.');
    const msg = {
      id: this.ctx.id(),
      type: 0,
      channel_id: ch.id,
      author: apiUser(user),
      content,
      attachments: files.map((f) => storeAttachment(this.ctx, base, ch.id, f)),
      embeds: [],
      components: [],
      mentions: [],
      mention_roles: [],
      mention_everyone: false,
      pinned: false,
      tts: false,
      flags: 0,
      timestamp: this.ctx.iso(),
      edited_timestamp: null,
    };
    this.ctx.store.messages(ch.id).push(msg);
    this.ctx.store.changed();
    return msg;
  }
}
