import type { AddressInfo } from 'node:net';
import { describeError, refusalStatus } from '@app/domain';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { Actions } from './actions.ts';
import { Ctx, type RateLimitOptions } from './ctx.ts';
import { DiscordError, notFound, refused } from './errors.ts';
import { attachmentPlugin, restPlugin } from './handler.ts';
import { MAX_BODY, sendError, sendJson } from './http.ts';
import { InteractionSender } from './interactions.ts';
import { clientSecretOf, discordOAuth } from './oauth.ts';
import { recordingObserver, type ResponseObserver } from './observer.ts';
import type { ResolveUser } from './page-people.ts';
import { pagePlugin } from './page.ts';
import { RateLimiter } from './ratelimit.ts';
import { Store, type Keys } from './store.ts';
import { testControlPlugin } from './testing.ts';
import { GUILD_ID, SEEDED_USERS } from './users.ts';

export interface DiscordEmulatorOptions {
  /** Path the emulator is mounted under, e.g. `/_discord` (REST at `/_discord/api/v10`). */
  prefix?: string;
  /** Where interactions are POSTed, e.g. `http://127.0.0.1:3000/api/discord/interactions`. */
  interactionsUrl?: string | null;
  /** Keeps keys, commands, messages and uploads across restarts. */
  dataDir?: string;
  /** Absolute URL of the emulator (with prefix) for attachment URLs; default: from the Host header. */
  publicUrl?: string;
  /** Who the channel page acts as; without it the page offers a user picker. */
  resolveUser?: ResolveUser;
  /** Clock in ms (tests inject one to expire tokens). */
  now?: () => number;
  /** Share of interactions preceded by a copy with a bad signature (0–1). Default 0. */
  invalidSignatureRate?: number;
  /** Per-route limit; default 5 requests per 5 s per top-level resource. */
  rateLimit?: RateLimitOptions;
  /** Serve `/_test/*` (to loopback clients only). Default true; the command line turns it on with `--test-control`. */
  testControl?: boolean;
  /** Time the app has to answer an interaction. Discord's is 3000 ms. */
  deadlineMs?: number;
  /** Sees every JSON REST answer (default: recorded under `EMULATOR_RECORD_DIR` when set). */
  observe?: ResponseObserver;
}

export interface DiscordEmulator {
  readonly prefix: string;
  readonly keys: Readonly<Keys>;
  readonly applicationId: string;
  readonly publicKey: string;
  readonly botToken: string;
  /** The OAuth2 client secret (the client id is the application id). */
  readonly clientSecret: string;
  readonly seededUsers: typeof SEEDED_USERS;
  /** The emulated server's id (its roles and members live there). */
  readonly guildId: string;
  /** Interactions whose bad-signature copy the app accepted (it must answer 401). */
  readonly acceptedBadSignatures: readonly string[];
  /** Fastify plugin: `app.register(emulator.fastifyPlugin, { prefix: emulator.prefix })`. */
  fastifyPlugin(app: FastifyInstance): Promise<void>;
  /**
   * For the `frameworkErrors` option of the server the emulator runs on: the router's own refusals
   * below the prefix (a path that does not decode, a parameter too long) in the emulator's shapes.
   */
  frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void;
  setInteractionsUrl(url: string | null): void;
  /** The app's Webhook Events URL, where a user install sends `APPLICATION_AUTHORIZED`. */
  setEventsUrl(url: string | null): void;
  /** Moves the emulator's clock forward (token expiry, rate-limit windows). */
  advanceClock(ms: number): void;
  /** The guild's text channels: id, name and whether they are age-restricted. */
  channels(): { id: string; name: string; nsfw: boolean }[];
  /** Marks a guild channel age-restricted or not, as a server admin does in its settings. */
  setChannelNsfw(name: string, nsfw: boolean): void;
}

export function createDiscordEmulator(options: DiscordEmulatorOptions = {}): DiscordEmulator {
  if (process.env.NODE_ENV === 'production')
    throw new Error('The Discord emulator does not run when NODE_ENV=production.');
  const prefix = (options.prefix ?? '').replace(/\/$/, '');
  const store = new Store(options.dataDir);
  const ctx = new Ctx(store, options.now ?? Date.now, {
    prefix,
    publicUrl: options.publicUrl,
    interactionsUrl: options.interactionsUrl ?? null,
    invalidSignatureRate: options.invalidSignatureRate ?? 0,
    rateLimit: options.rateLimit ?? { limit: 5, windowMs: 5000 },
    deadlineMs: options.deadlineMs ?? 3000,
  });
  const observe = options.observe ?? recordingObserver();
  // What the emulator sends the app (interactions, webhook events) is checked like its REST answers.
  ctx.observe = observe;
  const sender = new InteractionSender(ctx);
  const actions = new Actions(ctx, sender);
  const oauth = discordOAuth(ctx);
  const rest = restPlugin(ctx, sender, new RateLimiter(ctx), observe, oauth.me);
  const page = pagePlugin(ctx, actions, options.resolveUser);
  const testControl = options.testControl === false ? null : testControlPlugin(ctx, actions);

  return {
    prefix,
    keys: store.state.keys,
    applicationId: store.state.keys.applicationId,
    publicKey: store.state.keys.publicKey,
    botToken: store.state.keys.botToken,
    clientSecret: clientSecretOf(ctx),
    seededUsers: SEEDED_USERS,
    guildId: GUILD_ID,
    acceptedBadSignatures: sender.acceptedBadSignatures,
    async fastifyPlugin(app) {
      // Discord bodies (JSON, multipart, arrays) are read as sent, up to the emulator's limit; the
      // page's and the test control's JSON and OAuth2's forms are parsed where they are served.
      app.removeAllContentTypeParsers();
      app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_BODY }, (_req, b, done) =>
        done(null, b),
      );
      app.setErrorHandler((err: FastifyError, _request, reply) => {
        // A refusal raised outside the emulator (Fastify's, or the host server's input check when
        // mounted) is the client's mistake: Discord's generic 4xx, never a 500.
        const status = refusalStatus(err);
        const known = err instanceof DiscordError ? err : status !== null ? refused(status) : null;
        if (!known) console.error('[discord-emulator]', describeError(err, { stack: true }));
        const e = known ?? new DiscordError(500, 0, '500: Internal Server Error');
        return reply.status(e.status).type('application/json').send(JSON.stringify(e.toJSON()));
      });
      // Whatever the emulator does not serve is Discord's 404, under its prefix only.
      app.setNotFoundHandler((_request, reply) => sendError(reply, notFound()));
      await app.register(rest, { prefix: '/api/v10' });
      await app.register(attachmentPlugin(ctx));
      await app.register(oauth.routes);
      await app.register(page, { prefix: '/app' });
      if (testControl) await app.register(testControl, { prefix: '/_test' });
      app.all('/', async (_request, reply) => reply.redirect(`${prefix}/app`, 302));
    },
    frameworkErrors(error, request, reply) {
      const status = refusalStatus(error) ?? 400;
      // The page's and the test control's JSON APIs answer in their own shape, as their routes do.
      if (/^\/(app|_test)([/?]|$)/.test(request.url.slice(prefix.length)))
        void sendJson(reply, status, { error: { code: 'invalid_request', message: error.message } });
      else void sendError(reply, refused(status));
    },
    setInteractionsUrl(url) {
      ctx.settings.interactionsUrl = url;
    },
    setEventsUrl(url) {
      ctx.settings.eventsUrl = url;
    },
    advanceClock(ms) {
      ctx.offsetMs += ms;
    },
    channels: () =>
      store
        .guildChannels()
        .map((channel) => ({ id: channel.id, name: channel.name, nsfw: channel.nsfw === true })),
    setChannelNsfw(name, nsfw) {
      const channel = store.channelByName(name);
      if (!channel) throw new Error(`No channel named ${name}`);
      channel.nsfw = nsfw;
      store.changed();
    },
  };
}

export interface StartedDiscordEmulator extends DiscordEmulator {
  /** Base URL (with prefix). REST: `${url}/api` for @discordjs/rest's `api` option. */
  url: string;
  close(): Promise<void>;
}

/** Runs the emulator on its own HTTP server. */
export async function startDiscordEmulator(
  options: DiscordEmulatorOptions & { port?: number; host?: string } = {},
): Promise<StartedDiscordEmulator> {
  const emulator = createDiscordEmulator(options);
  const server = Fastify({
    forceCloseConnections: true,
    frameworkErrors: (error, request, reply) => emulator.frameworkErrors(error, request, reply),
  });
  await server.register(emulator.fastifyPlugin, { prefix: emulator.prefix });
  const host = options.host ?? '127.0.0.1';
  await server.listen({ port: options.port ?? 0, host });
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(emulator, {
    url: `http://${host}:${port}${emulator.prefix}`,
    close: () => server.close(),
  });
}
