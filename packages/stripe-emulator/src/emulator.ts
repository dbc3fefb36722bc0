import type { AddressInfo } from 'node:net';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { runDue } from './billing/cycle.ts';
import type { AfterRetries } from './billing/retries.ts';
import { Ctx } from './ctx.ts';
import { closeDispute } from './disputes.ts';
import { invalidRequest } from './errors.ts';
import { str } from './params.ts';
import { apiRoutes, pageRoutes } from './routes.ts';
import { recordingObserver, type ResponseObserver } from './observer.ts';
import { emulatorRoutes, sendRouterRefusal } from './server.ts';
import { Store } from './store.ts';
import type { Params } from './types.ts';
import { DEFAULT_TIME_SCALE, WebhookDispatcher } from './webhooks.ts';

export interface EmulatorOptions {
  /** 0 (the default) picks a free port. Standalone server only. */
  port?: number;
  /** Default 127.0.0.1. Standalone server only. */
  host?: string;
  /** Folder for `state.json`; without it the state lives in memory only. */
  dataDir?: string;
  /** Where events are POSTed, signed like Stripe's webhooks. */
  webhookUrl?: string;
  /**
   * Origin (and any path) browsers use to reach the server the emulator runs in, e.g.
   * `http://localhost:3000`. Every URL the emulator hands out is this + `prefix` + its own path.
   */
  publicUrl?: string;
  /** Path the emulator is mounted under on that server, e.g. `/_stripe`. Default: none. */
  prefix?: string;
  /** Emulator seconds of webhook retry backoff per real second (default 240). */
  webhookTimeScale?: number;
  /**
   * Stripe's "if all retries for a payment fail" subscription setting: cancel the subscription
   * (Stripe's default), mark it `unpaid`, or leave it `past_due`. See `RETRY_DELAYS_DAYS`.
   */
  afterRetries?: AfterRetries;
  /** The account's public business name: the seller on receipts, invoices and the portal. */
  businessName?: string;
  /** Sees every API answer and event (default: recorded under `EMULATOR_RECORD_DIR` when set). */
  observe?: ResponseObserver;
}

interface Controls {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  setWebhookUrl(url: string | null): void;
  advanceClock(seconds: number): Promise<void>;
  now(): number;
  flushWebhooks(): Promise<void>;
  close(): Promise<void>;
}

/** The emulator without a server of its own, to mount under a prefix on another server. */
export interface MountableEmulator extends Controls {
  /** Normalised prefix: '' or '/name' without a trailing slash. */
  prefix: string;
  /** Base of every URL handed out (pages, API for the browser client): public URL + prefix. */
  url: string;
  /** Fastify plugin serving the emulator under its prefix: `app.register(emulator.plugin)`. */
  plugin: (app: FastifyInstance) => Promise<void>;
  /**
   * For the `frameworkErrors` option of the server the emulator runs on: the router's own refusals
   * below the prefix (a path that does not decode, a parameter too long) in Stripe's error shape.
   */
  frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void;
  /** For a standalone server whose address is known only once it listens. */
  setPublicUrl(url: string): void;
}

export interface Emulator extends Controls {
  url: string;
}

const normalisePrefix = (prefix = '') => {
  const trimmed = prefix.replace(/\/+$/, '');
  if (trimmed && !trimmed.startsWith('/')) throw new Error(`The prefix must start with "/": ${prefix}`);
  return trimmed;
};

export function createEmulator(options: EmulatorOptions = {}): MountableEmulator {
  const prefix = normalisePrefix(options.prefix);
  const scale = options.webhookTimeScale ?? DEFAULT_TIME_SCALE;
  if (!(scale > 0)) throw new Error(`webhookTimeScale must be a positive number: ${scale}`);
  const store = new Store(options.dataDir);
  if (options.webhookUrl !== undefined) store.state.webhookUrl = options.webhookUrl;
  const holder: { ctx?: Ctx } = {};
  const webhooks = new WebhookDispatcher({
    queue: () => store.state.webhookQueue,
    target: () => store.state.webhookUrl,
    secret: () => store.state.keys.webhookSecret,
    now: () => holder.ctx!.now(),
    timeScale: scale,
    save: () => store.save(),
    delivered: (id) => {
      const event = holder.ctx!.find(id, 'event');
      if (event) event.pending_webhooks = 0;
    },
  });
  const ctx = new Ctx(store, `${(options.publicUrl ?? '').replace(/\/$/, '')}${prefix}`, webhooks);
  holder.ctx = ctx;
  ctx.observe = options.observe ?? recordingObserver();
  if (options.afterRetries) ctx.settings.afterRetries = options.afterRetries;
  if (options.businessName) ctx.settings.businessName = options.businessName;
  const advance = async (seconds: number) => {
    if (!Number.isFinite(seconds) || seconds < 0) {
      throw invalidRequest('seconds must be a non-negative number.', 'parameter_invalid_integer', 'seconds');
    }
    store.state.clockOffset += Math.floor(seconds);
    runDue(ctx);
    store.save();
    webhooks.pump();
  };
  store.save();
  const routes = emulatorRoutes({
    ctx,
    prefix,
    apiRoutes,
    pageRoutes,
    controls: {
      '/_emulator/clock/advance': async (body: Params) => {
        await advance(Number(body.seconds));
        return { now: ctx.now() };
      },
      '/_emulator/clock': async () => ({ now: ctx.now() }),
      // The card network's decision on a dispute: `won` reinstates the funds, `lost` keeps them.
      '/_emulator/disputes/close': async (body: Params) => {
        const status = body.status;
        if (status !== 'won' && status !== 'lost') {
          throw invalidRequest('status must be won or lost.', 'parameter_invalid_string', 'status');
        }
        const dispute = ctx.get(str(body, 'dispute') ?? '', 'dispute', 'dispute');
        const closed = ctx.atomically(() => closeDispute(ctx, dispute, status));
        store.save();
        webhooks.pump();
        return { id: closed.id, status: closed.status };
      },
    },
  });
  // Deliveries left over from before a restart go out now.
  queueMicrotask(() => webhooks.pump());
  let closed = false;
  return {
    prefix,
    get url() {
      return ctx.publicUrl;
    },
    setPublicUrl(url) {
      ctx.publicUrl = `${url.replace(/\/$/, '')}${prefix}`;
    },
    frameworkErrors: (error, _request, reply) => sendRouterRefusal(error, reply),
    async plugin(app) {
      await app.register(routes, { prefix });
    },
    secretKey: store.state.keys.secret,
    publishableKey: store.state.keys.publishable,
    webhookSecret: store.state.keys.webhookSecret,
    setWebhookUrl(target) {
      store.state.webhookUrl = target;
      store.save();
      webhooks.pump();
    },
    advanceClock: advance,
    now: () => ctx.now(),
    flushWebhooks: () => webhooks.flush(),
    async close() {
      if (closed) return;
      closed = true;
      webhooks.close();
      store.save();
    },
  };
}

/** The emulator on a server of its own (what the CLI runs). */
export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const emulator = createEmulator(options);
  const server = Fastify({
    routerOptions: { ignoreTrailingSlash: true },
    forceCloseConnections: true,
    frameworkErrors: (error, request, reply) => emulator.frameworkErrors(error, request, reply),
  });
  await server.register(emulator.plugin);
  const host = options.host ?? '127.0.0.1';
  await server.listen({ port: options.port ?? 0, host });
  const { port } = server.server.address() as AddressInfo;
  const own = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  emulator.setPublicUrl(options.publicUrl ?? own);
  return {
    url: `${own}${emulator.prefix}`,
    secretKey: emulator.secretKey,
    publishableKey: emulator.publishableKey,
    webhookSecret: emulator.webhookSecret,
    setWebhookUrl: (url) => emulator.setWebhookUrl(url),
    advanceClock: (s) => emulator.advanceClock(s),
    now: () => emulator.now(),
    flushWebhooks: () => emulator.flushWebhooks(),
    async close() {
      await emulator.close();
      await server.close();
    },
  };
}
