import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runDue } from './billing/cycle.ts';
import { Ctx } from './ctx.ts';
import { invalidRequest } from './errors.ts';
import { apiRoutes, pageRoutes } from './routes.ts';
import { createHandler } from './server.ts';
import { Store } from './store.ts';
import type { Params } from './types.ts';
import { WebhookDispatcher } from './webhooks.ts';

export interface EmulatorOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Folder for `state.json`; without it the state lives in memory only. */
  dataDir?: string;
  /** Where events are POSTed, signed like Stripe's webhooks. */
  webhookUrl?: string;
  /** Base URL browsers use to reach the emulator's pages, if not `url`. */
  publicUrl?: string;
}

export interface Emulator {
  url: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  setWebhookUrl(url: string | null): void;
  advanceClock(seconds: number): Promise<void>;
  now(): number;
  flushWebhooks(): Promise<void>;
  close(): Promise<void>;
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const store = new Store(options.dataDir);
  if (options.webhookUrl !== undefined) store.state.webhookUrl = options.webhookUrl;
  const webhooks = new WebhookDispatcher(
    () => store.state.webhookUrl,
    () => store.state.keys.webhookSecret,
  );
  const ctxHolder: { ctx?: Ctx } = {};
  const advance = async (seconds: number) => {
    if (!Number.isFinite(seconds) || seconds < 0) {
      throw invalidRequest('seconds must be a non-negative number.', 'parameter_invalid_integer', 'seconds');
    }
    const ctx = ctxHolder.ctx as Ctx;
    store.state.clockOffset += Math.floor(seconds);
    runDue(ctx);
    store.save();
  };
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host ?? '127.0.0.1';
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const ctx = new Ctx(store, (options.publicUrl ?? url).replace(/\/$/, ''), webhooks);
  ctxHolder.ctx = ctx;
  store.save();
  server.on(
    'request',
    createHandler({
      ctx,
      apiRoutes,
      pageRoutes,
      controls: {
        '/_emulator/clock/advance': async (body: Params) => {
          await advance(Number(body.seconds));
          return { now: ctx.now() };
        },
        '/_emulator/clock': async () => ({ now: ctx.now() }),
      },
    }),
  );
  let closed = false;
  return {
    url,
    secretKey: store.state.keys.secret,
    publishableKey: store.state.keys.publishable,
    webhookSecret: store.state.keys.webhookSecret,
    setWebhookUrl(target) {
      store.state.webhookUrl = target;
      store.save();
    },
    advanceClock: advance,
    now: () => ctx.now(),
    flushWebhooks: () => webhooks.flush(),
    async close() {
      if (closed) return;
      closed = true;
      webhooks.close();
      store.save();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
