import { randomBytes } from 'node:crypto';
import { describeError, refusalStatus } from '@app/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { answerApi, apiKey, checkBrowserAccess, checkKey } from './api.ts';
import type { Ctx } from './ctx.ts';
import { StripeError, authError, invalidRequest } from './errors.ts';
import { parseForm } from './form.ts';
import type { ApiRoute, PageRoute } from './router.ts';
import type { Params } from './types.ts';

const MAX_BODY = 1024 * 1024;
const API_METHODS = ['GET', 'POST', 'DELETE'] as const;
const PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'";
const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

export interface ServerDeps {
  ctx: Ctx;
  /** Where the routes are mounted: paths in messages and fingerprints are the part below it. */
  prefix: string;
  apiRoutes: ApiRoute[];
  pageRoutes: PageRoute[];
  /** Emulator-only controls (`/_emulator/clock/advance`), secret key required. */
  controls: Record<string, (body: Params) => Promise<unknown>>;
}

/** A body as sent (for idempotency fingerprints) and as parsed. */
interface Body {
  raw: string;
  params: Params;
}

function parseBody(raw: string, json: boolean): Body {
  if (!raw || !json) return { raw, params: parseForm(raw) };
  try {
    const v = JSON.parse(raw) as unknown;
    if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error('not an object');
    return { raw, params: v as Params };
  } catch {
    throw invalidRequest('Invalid JSON body.', 'parameter_invalid_object');
  }
}

const bodyOf = (request: FastifyRequest): Body =>
  (request.body as Body | undefined) ?? { raw: '', params: {} };
const search = (request: FastifyRequest) =>
  request.url.slice(request.url.indexOf('?') + 1 || request.url.length);
const pretty = (value: unknown) => JSON.stringify(value, null, 2);

function sendJson(reply: FastifyReply, status: number, body: string, api = true) {
  if (api) reply.header('stripe-version', '2026-10-28.endive');
  if (status >= 400 && api) reply.header('stripe-should-retry', 'false');
  return reply.status(status).type('application/json').send(body);
}

/**
 * For the `frameworkErrors` option of the server the emulator runs on: the router's own refusals
 * (a path that does not decode, a parameter too long) in Stripe's error shape.
 */
export function sendRouterRefusal(error: FastifyError, reply: FastifyReply): void {
  const e = invalidRequest(error.message, undefined, undefined, refusalStatus(error) ?? 400);
  void sendJson(reply, e.status, pretty(e.toJSON()));
}

/**
 * The emulator's routes, to register under its prefix: Stripe's API (`/v1/…`, form or JSON bodies
 * up to 1 MB), its hosted pages and the emulator's controls. Requests run one at a time: the
 * emulator's state changes are synchronous and atomic per call.
 */
export function emulatorRoutes(deps: ServerDeps) {
  const { ctx } = deps;
  const pathOf = (request: FastifyRequest) =>
    new URL(request.url, 'http://emulator.local').pathname.slice(deps.prefix.length);
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => T | Promise<T>): Promise<T> => {
    const run = queue.then(fn);
    queue = run.catch(() => undefined);
    return run;
  };

  return async function routes(app: FastifyInstance) {
    app.removeAllContentTypeParsers();
    const parser =
      (json: boolean) => (_req: FastifyRequest, raw: string, done: (e: Error | null, b?: Body) => void) => {
        try {
          done(null, parseBody(raw, json));
        } catch (err) {
          done(err as Error);
        }
      };
    const asString = { parseAs: 'string', bodyLimit: MAX_BODY } as const;
    app.addContentTypeParser('application/json', asString, parser(true));
    app.addContentTypeParser('application/x-www-form-urlencoded', asString, parser(false));
    app.addContentTypeParser('*', asString, parser(false));

    app.addHook('onRequest', async (request, reply) => {
      const origin = request.headers.origin;
      if (origin && LOCAL_ORIGIN.test(origin))
        reply.headers({
          'access-control-allow-origin': origin,
          vary: 'Origin',
          'access-control-expose-headers': 'Request-Id, Idempotent-Replayed',
        });
      reply.header('request-id', `req_${randomBytes(10).toString('hex')}`);
    });
    app.addHook('onResponse', async (request) => {
      if (request.method !== 'GET' && request.method !== 'OPTIONS') ctx.store.save();
    });
    app.setErrorHandler((err: FastifyError, _request, reply) => {
      let e: StripeError;
      const refusal = refusalStatus(err);
      if (err instanceof StripeError) e = err;
      else if (refusal === 413)
        e = invalidRequest('Request body too large.', 'request_too_large', undefined, 413);
      // Refused outside the emulator's code (Fastify's parsing, a host's input check): the
      // client's mistake, in Stripe's shape, with the refusal's words (written for the caller).
      else if (refusal !== null) e = invalidRequest(err.message, undefined, undefined, refusal);
      else {
        console.error('[stripe-emulator]', describeError(err, { stack: true }));
        e = new StripeError(500, 'api_error', 'An unexpected error occurred in the emulator.');
      }
      return sendJson(reply, e.status, pretty(e.toJSON()));
    });
    app.setNotFoundHandler(async (request, reply) => {
      const path = pathOf(request);
      if (!path.startsWith('/v1/')) {
        const err = invalidRequest(
          `Unrecognized request URL (${request.method}: ${path}).`,
          undefined,
          undefined,
          404,
        );
        return sendJson(reply, 404, JSON.stringify(err.toJSON()), false);
      }
      checkKey(ctx, apiKey(request.headers.authorization));
      throw invalidRequest(
        `Unrecognized request URL (${request.method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        undefined,
        undefined,
        404,
      );
    });
    app.options('/*', async (_request, reply) =>
      reply
        .status(204)
        .headers({
          'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
          'access-control-allow-headers':
            'Authorization, Content-Type, Idempotency-Key, Stripe-Version, Stripe-Account',
          'access-control-max-age': '600',
        })
        .send(),
    );

    for (const route of deps.apiRoutes) {
      app.route({
        method: route.method,
        url: route.path,
        onRequest: async (request) =>
          checkBrowserAccess(route, checkKey(ctx, apiKey(request.headers.authorization))),
        handler: (request, reply) =>
          serial(() => {
            const body = bodyOf(request);
            const answer = answerApi(ctx, route, {
              method: route.method,
              path: pathOf(request),
              params: request.params as Record<string, string>,
              body: route.method === 'POST' ? body.params : parseForm(search(request)),
              raw: body.raw,
              key: apiKey(request.headers.authorization)!,
              idempotencyKey: (request.headers['idempotency-key'] as string | undefined) ?? null,
              requestId: String(reply.getHeader('request-id')),
            });
            if (answer.replayed) reply.header('idempotent-replayed', 'true');
            return sendJson(reply, answer.status, answer.body);
          }),
      });
    }
    // A known path asked with another method is a shorter 404 than an unknown path.
    for (const path of new Set(deps.apiRoutes.map((r) => r.path))) {
      const taken = deps.apiRoutes.filter((r) => r.path === path).map((r) => r.method);
      const others: HTTPMethods[] = API_METHODS.filter((m) => !taken.includes(m));
      if (others.length === 0) continue;
      app.route({
        method: others,
        url: path,
        handler: async (request) => {
          checkKey(ctx, apiKey(request.headers.authorization));
          throw invalidRequest(
            `Unrecognized request URL (${request.method}: ${pathOf(request)}).`,
            undefined,
            undefined,
            404,
          );
        },
      });
    }

    for (const [path, control] of Object.entries(deps.controls)) {
      app.post(path, (request, reply) =>
        serial(async () => {
          if (apiKey(request.headers.authorization) !== ctx.state.keys.secret)
            throw authError('The emulator controls need the secret key.');
          return sendJson(reply, 200, JSON.stringify(await control(bodyOf(request).params)));
        }),
      );
    }

    for (const route of deps.pageRoutes) {
      app.route({
        method: route.method,
        url: route.path,
        handler: (request, reply) =>
          serial(async () => {
            const out = await route.handler(ctx, {
              params: request.params as Record<string, string>,
              query: new URLSearchParams(search(request)),
              form: route.method === 'POST' ? bodyOf(request).params : {},
              key: apiKey(request.headers.authorization),
            });
            return reply
              .status(out.status ?? 200)
              .headers({
                'content-type': out.contentType ?? 'text/html; charset=utf-8',
                'cache-control': 'no-store',
                // Scripts and styles come from files only; forms may go on to any return or success URL.
                'content-security-policy': PAGE_CSP,
                'x-content-type-options': 'nosniff',
                ...out.headers,
              })
              .send(out.body);
          }),
      });
    }
  };
}
