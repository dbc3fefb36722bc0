import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { Ctx } from './ctx.ts';
import { DiscordError, notFound } from './errors.ts';
import { parseBody } from './http.ts';
import type { InteractionSender } from './interactions.ts';
import type { RateLimiter } from './ratelimit.ts';
import type { ResponseObserver } from './observer.ts';
import { checkBotAuth, restRoutes, type Route } from './rest.ts';

export function baseFor(ctx: Ctx, req: IncomingMessage): string {
  const proto = (req.headers['x-forwarded-proto'] as string | undefined)?.split(',')[0] ?? 'http';
  return ctx.baseUrl(req.headers.host, proto);
}

export const rawBodyOf = (request: FastifyRequest): Buffer =>
  Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);

const REST_METHODS: HTTPMethods[] = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'];

function send(reply: FastifyReply, status: number, payload: unknown, headers: Record<string, string>) {
  reply.status(status).headers(headers);
  return status === 204 ? reply.send() : reply.type('application/json').send(JSON.stringify(payload));
}

/**
 * Discord's REST API under `/api/v10` as Fastify routes: bot token and rate limit checked before
 * the body is read, then the test controls' holds, the route and the observer.
 */
export function restPlugin(
  ctx: Ctx,
  sender: InteractionSender,
  limiter: RateLimiter,
  observe: ResponseObserver | undefined,
  /** Answers `GET /users/@me` with a person's OAuth2 Bearer token; the bot's `Bot` calls come here. */
  personal: (request: FastifyRequest, reply: FastifyReply) => FastifyReply,
) {
  return async (app: FastifyInstance) => {
    const routes = restRoutes(sender);
    const register = (route: Route, path: string) =>
      app.route({
        method: route.method,
        url: path,
        onRequest: async (request, reply) => {
          if (route.path === '/users/@me' && /^Bearer /.test(request.headers.authorization ?? ''))
            return personal(request, reply);
          if (route.bot) checkBotAuth(ctx, request.headers.authorization);
          const params = Object.values(request.params as Record<string, string>);
          const decision = limiter.take(`${route.method} ${route.bucket}`, params[0] ?? '');
          reply.headers(decision.headers);
          if (decision.retryAfter !== null)
            return send(
              reply,
              429,
              { message: 'You are being rate limited.', retry_after: decision.retryAfter, global: false },
              {},
            );
        },
        handler: async (request, reply) => {
          const path = new URL(request.url, 'http://emulator.local').pathname;
          const below = path.slice(path.indexOf('/api/v10') + '/api/v10'.length).replace(/%40/gi, '@');
          const parsed = await parseBody(rawBodyOf(request), request.headers['content-type']);
          const hold = ctx.holds.take(route.method, below);
          const closed = (listener: () => void) => reply.raw.once('close', listener);
          const wait = async (stage: string) =>
            hold?.stage !== stage || (await ctx.holds.wait(hold, route.method, below, closed));
          // A held request whose client went away has no one left to answer.
          if (!(await wait('request'))) return reply.hijack();
          const result = route.run(
            ctx,
            {
              method: route.method,
              path: below,
              query: new URL(request.url, 'http://emulator.local').searchParams,
              body: parsed,
              base: baseFor(ctx, request.raw),
            },
            Object.values(request.params as Record<string, string>),
          );
          if (!(await wait('response'))) return reply.hijack();
          if (hold?.stage === 'fail') throw new DiscordError(500, 0, '500: Internal Server Error');
          if (result.body !== undefined)
            observe?.({ kind: 'response', route: `${route.method} ${route.bucket}`, body: result.body });
          return send(reply, result.status, result.body, {});
        },
      });
    for (const route of routes) {
      register(route, route.path);
      // Clients may send `@me` percent-encoded; the router matches it as written.
      if (route.path.includes('@')) register(route, route.path.replaceAll('@', '%40'));
    }
    // A known path asked with another method is Discord's 405.
    for (const path of new Set(routes.map((r) => r.path))) {
      const taken = routes.filter((r) => r.path === path).map((r) => r.method);
      const others = REST_METHODS.filter((m) => !taken.includes(m as Route['method']));
      if (others.length > 0)
        app.route({
          method: others,
          url: path,
          handler: async () => {
            throw new DiscordError(405, 0, '405: Method Not Allowed');
          },
        });
    }
  };
}

/** Files handed out as attachment URLs; media players seek with Range requests. */
export function attachmentPlugin(ctx: Ctx) {
  return async (app: FastifyInstance) => {
    for (const kind of ['attachments', 'ephemeral-attachments'])
      app.route({
        // HEAD too: Fastify answers it from this route, without the body.
        method: 'GET',
        url: `/${kind}/:channel/:id(^\\d+$)/:name`,
        handler: async (request, reply) => {
          const file = ctx.store.getFile((request.params as { id: string }).id);
          if (!file) throw notFound();
          const range = /^bytes=(\d*)-(\d*)$/.exec(String(request.headers.range ?? ''));
          let data = file.data;
          const size = file.data.length;
          if (range && (range[1] || range[2])) {
            const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
            const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
            if (start >= size || start > end)
              return reply.status(416).header('content-range', `bytes */${size}`).send();
            data = file.data.subarray(start, end + 1);
            reply.status(206).header('content-range', `bytes ${start}-${end}/${size}`);
          }
          return reply
            .headers({
              'content-type': file.meta.contentType,
              'content-disposition': `inline; filename="${file.meta.filename}"`,
              'cache-control': 'public, max-age=31536000, immutable',
              'x-content-type-options': 'nosniff',
              'content-security-policy': "default-src 'none'; sandbox",
              'accept-ranges': 'bytes',
            })
            .send(data);
        },
      });
  };
}
