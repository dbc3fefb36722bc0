import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Ctx } from './ctx.ts';
import { DiscordError, notFound } from './errors.ts';
import { parseBody, readBody, sendError, sendJson } from './http.ts';
import type { InteractionSender } from './interactions.ts';
import type { RateLimiter } from './ratelimit.ts';
import type { ResponseObserver } from './observer.ts';
import { checkBotAuth, matchRoute, restRoutes } from './rest.ts';

export interface RequestExtras {
  /** The body, when the host framework has already read it. */
  rawBody?: Buffer;
  /** The host framework's request object, handed to `resolveUser`. */
  hostRequest?: unknown;
}

export type SubHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  url: URL,
  extras: RequestExtras,
) => Promise<boolean>;

export function baseFor(ctx: Ctx, req: IncomingMessage): string {
  const proto = (req.headers['x-forwarded-proto'] as string | undefined)?.split(',')[0] ?? 'http';
  return ctx.baseUrl(req.headers.host, proto);
}

export function body(req: IncomingMessage, extras: RequestExtras): Promise<Buffer> {
  return extras.rawBody ? Promise.resolve(extras.rawBody) : readBody(req);
}

/** Discord's REST API under `/api/v10`. */
export function restHandler(
  ctx: Ctx,
  sender: InteractionSender,
  limiter: RateLimiter,
  observe?: ResponseObserver,
): SubHandler {
  const routes = restRoutes(sender);
  return async (req, res, path, url, extras) => {
    const m = /^\/api\/v10(\/.*)$/.exec(path);
    if (!m) return false;
    let headers: Record<string, string> = {};
    try {
      const method = req.method ?? 'GET';
      const { route, params } = matchRoute(routes, method, m[1]!);
      if (route.bot) checkBotAuth(ctx, req);
      const decision = limiter.take(`${method} ${route.bucket}`, params[0] ?? '');
      headers = decision.headers;
      if (decision.retryAfter !== null) {
        if (!extras.rawBody) req.resume();
        sendJson(
          res,
          429,
          { message: 'You are being rate limited.', retry_after: decision.retryAfter, global: false },
          headers,
        );
        return true;
      }
      const parsed = await parseBody(await body(req, extras), req.headers['content-type']);
      const hold = ctx.holds.take(method, m[1]!);
      const closed = (listener: () => void) => res.once('close', listener);
      if (hold?.stage === 'request' && !(await ctx.holds.wait(hold, method, m[1]!, closed))) return true;
      const result = route.run(
        ctx,
        { method, path: m[1]!, query: url.searchParams, req, body: parsed, base: baseFor(ctx, req) },
        params,
      );
      if (hold?.stage === 'response' && !(await ctx.holds.wait(hold, method, m[1]!, closed))) return true;
      if (hold?.stage === 'fail') throw new DiscordError(500, 0, '500: Internal Server Error');
      if (result.body !== undefined)
        observe?.({ kind: 'response', route: `${method} ${route.bucket}`, body: result.body });
      sendJson(res, result.status, result.body, headers);
    } catch (err) {
      if (!(err instanceof DiscordError)) throw err;
      if (!extras.rawBody && !req.readableEnded) req.resume();
      sendError(res, err, headers);
    }
    return true;
  };
}

/** Files handed out as attachment URLs. */
export function attachmentHandler(ctx: Ctx): SubHandler {
  return async (req, res, path) => {
    const m = /^\/(?:ephemeral-)?attachments\/[^/]+\/(\d+)\/[^/]+$/.exec(path);
    if (!m || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    const file = ctx.store.getFile(m[1]!);
    if (!file) {
      sendError(res, notFound());
      return true;
    }
    // Media players seek with Range requests.
    const range = /^bytes=(\d*)-(\d*)$/.exec(String(req.headers.range ?? ''));
    let data = file.data;
    let status = 200;
    const extra: Record<string, string> = {};
    if (range && (range[1] || range[2])) {
      const size = file.data.length;
      const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
      const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
      if (start >= size || start > end) {
        res.writeHead(416, { 'content-range': `bytes */${size}` }).end();
        return true;
      }
      data = file.data.subarray(start, end + 1);
      status = 206;
      extra['content-range'] = `bytes ${start}-${end}/${size}`;
    }
    res.writeHead(status, {
      ...extra,
      'content-type': file.meta.contentType,
      'content-length': String(data.length),
      'content-disposition': `inline; filename="${file.meta.filename}"`,
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'accept-ranges': 'bytes',
    });
    res.end(req.method === 'HEAD' ? undefined : data);
    return true;
  };
}
