import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actions } from './actions.ts';
import { modalValues } from './testing.ts';
import { FOREIGN_GUILD_ID, FOREIGN_GUILD_NAME } from './users.ts';
import { UserInputError, type OptionInput } from './commands.ts';
import type { Ctx } from './ctx.ts';
import { baseFor, rawBodyOf } from './handler.ts';
import { parseBody, sendJson } from './http.ts';
import type { Outcome } from './interactions.ts';
import { jsonBody, str } from './json-api.ts';
import { publicMessage } from './messages.ts';
import type { PagePeople } from './page-people.ts';
import type { Channel } from './store.ts';
import { GUILD_NAME, type DiscordUserSeed } from './users.ts';

/** Age-restricted channels show nothing and take no commands until the person confirms 18+. */
function assertAgeOk(me: DiscordUserSeed, ch: Channel): void {
  if (ch.nsfw && !me.ageConfirmed)
    throw new UserInputError('age_restricted', 'Confirm you are 18 or older to view this channel.', 403);
}

/** The interaction's id: a modal it opens is shown by the page that sent it, and only there. */
const outcomeOf = (outcome: Outcome) => ({
  ok: !outcome.error,
  error: outcome.error ?? null,
  interactionId: (outcome.interaction as { id?: string }).id ?? null,
});

const channelOf = (request: FastifyRequest) => (request.params as { channel: string }).channel;

/** The channel page's JSON API, to register under `/app/api`. */
export function pageApi(ctx: Ctx, actions: Actions, people: PagePeople) {
  const signedIn = { onRequest: people.requireSignIn };
  const base = (request: FastifyRequest) => baseFor(ctx, request.raw);

  return async (app: FastifyInstance) => {
    if (people.picker)
      app.post('/me', async (request, reply) => {
        const id = str(jsonBody(request), 'userId');
        if (!ctx.store.user(id)) throw new UserInputError('unknown_user', 'No such user.', 404);
        people.pick(reply, id);
        return sendJson(reply, 200, { ok: true });
      });

    app.get('/state', async (request, reply) => {
      const me = await people.who(request);
      const { state } = ctx.store;
      return sendJson(reply, 200, {
        version: ctx.store.version,
        me: me && { ...me, ageConfirmed: me.ageConfirmed === true },
        users: people.picker ? state.users : [],
        picker: people.picker,
        guild: { name: GUILD_NAME },
        bot: ctx.botUser(),
        channels: ctx.store.guildChannels().map((c) => ({ id: c.id, name: c.name, nsfw: c.nsfw === true })),
        // Another server the bot is not in: it works there for people who added the app to their account.
        foreign: {
          name: FOREIGN_GUILD_NAME,
          externalAppsOff: state.foreignExternalAppsOff === true,
          channels: state.channels
            .filter((c) => c.guildId === FOREIGN_GUILD_ID)
            .map((c) => ({ id: c.id, name: c.name, nsfw: c.nsfw === true })),
        },
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
    });

    app.get('/channels/:channel(^\\d+$)/messages', signedIn, async (request, reply) => {
      const me = people.signedIn(request);
      const ch = actions.channel(me, channelOf(request));
      assertAgeOk(me, ch);
      const list = ctx.store.messages(ch.id).filter((x) => !x._visibleTo || x._visibleTo === me.id);
      // Same-origin attachment paths, so the page works whatever host name it was opened with.
      const prefix = ctx.settings.prefix;
      const local = new RegExp(`"https?://[^/"]+${prefix}/(ephemeral-)?attachments/`, 'g');
      const json = JSON.stringify({
        messages: list.map((x) => ({ ...publicMessage(x), notice: !!x._notice, command: x._command })),
      });
      return reply
        .header('content-type', 'application/json')
        .send(Buffer.from(json.replace(local, `"${prefix}/$1attachments/`)));
    });

    app.post('/components', signedIn, async (request, reply) => {
      const json = jsonBody(request);
      const outcome = await actions.clickComponent(
        base(request),
        people.signedIn(request).id,
        str(json, 'messageId'),
        str(json, 'customId'),
        Array.isArray(json.values) ? json.values.map(String) : undefined,
      );
      return sendJson(reply, 200, outcomeOf(outcome));
    });
    app.post('/message-commands', signedIn, async (request, reply) => {
      const json = jsonBody(request);
      const me = people.signedIn(request);
      const outcome = await actions.runMessageCommand(
        base(request),
        me.id,
        str(json, 'messageId'),
        str(json, 'command'),
      );
      return sendJson(reply, 200, outcomeOf(outcome));
    });
    app.post('/modals', signedIn, async (request, reply) => {
      const json = jsonBody(request);
      const me = people.signedIn(request);
      const values = modalValues(json.values);
      const outcome = await actions.submitModal(base(request), me.id, values, {
        interactionId: str(json, 'interactionId'),
      });
      return sendJson(reply, 200, outcomeOf(outcome));
    });
    app.post('/locale', signedIn, async (request, reply) => {
      const user = actions.setLocale(people.signedIn(request).id, str(jsonBody(request), 'locale'));
      return sendJson(reply, 200, { locale: user.locale });
    });
    app.post('/install', signedIn, async (request, reply) => {
      jsonBody(request);
      const user = await actions.installForUser(base(request), people.signedIn(request).id);
      return sendJson(reply, 200, { installed: user.installed === true });
    });
    app.post('/modals/close', signedIn, async (request, reply) => {
      actions.closeModal(people.signedIn(request).id, str(jsonBody(request), 'interactionId'));
      return sendJson(reply, 200, { ok: true });
    });

    await app.register(async (raw) => {
      // Bodies as sent: messages and commands may carry files (multipart, as Discord's own
      // uploads, or JSON); the DM and age routes ignore theirs.
      raw.removeContentTypeParser('application/json');
      raw.post('/dms', signedIn, async (request, reply) =>
        sendJson(reply, 200, { id: actions.dm(people.signedIn(request)).id }),
      );
      raw.post('/age', signedIn, async (request, reply) => {
        // Discord asks once per person; the answer is kept with the user.
        people.signedIn(request).ageConfirmed = true;
        ctx.store.changed();
        return sendJson(reply, 200, { ok: true });
      });
      raw.post('/channels/:channel(^\\d+$)/messages', signedIn, async (request, reply) => {
        const me = people.signedIn(request);
        assertAgeOk(me, actions.channel(me, channelOf(request)));
        const { json, files } = await parseBody(rawBodyOf(request), request.headers['content-type']);
        const content = typeof json.content === 'string' ? json.content : '';
        return sendJson(reply, 200, actions.say(base(request), me.id, channelOf(request), content, files));
      });
      raw.post('/channels/:channel(^\\d+$)/commands', signedIn, async (request, reply) => {
        const me = people.signedIn(request);
        assertAgeOk(me, actions.channel(me, channelOf(request)));
        const { json, files } = await parseBody(rawBodyOf(request), request.headers['content-type']);
        const options: Record<string, OptionInput> = {
          ...((json.options ?? {}) as Record<string, OptionInput>),
        };
        for (const f of files) options[f.field] = f;
        const command = typeof json.command === 'string' ? json.command : '';
        const outcome = await actions.runCommand(base(request), me.id, channelOf(request), command, options);
        return sendJson(reply, 200, outcomeOf(outcome));
      });
    });
  };
}
