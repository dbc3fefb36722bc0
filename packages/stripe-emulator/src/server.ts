import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describeError } from '@app/domain';
import type { Ctx } from './ctx.ts';
import { StripeError, authError, invalidRequest } from './errors.ts';
import { parseForm } from './form.ts';
import { KNOWN_PARAMS, checkKnown } from './known-params.ts';
import { materializeTestPaymentMethods } from './resources/payment-methods.ts';
import { Router, type ApiRoute, type PageRoute, type PageResponse } from './router.ts';
import type { Params } from './types.ts';

const MAX_BODY = 1024 * 1024;
const PAGE_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'";
const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

export interface ServerDeps {
  ctx: Ctx;
  apiRoutes: ApiRoute[];
  pageRoutes: PageRoute[];
  /** Emulator-only controls (`/_emulator/clock/advance`), secret key required. */
  controls: Record<string, (body: Params) => Promise<unknown>>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(invalidRequest('Request body too large.', 'request_too_large', undefined, 413));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function bearer(req: IncomingMessage): string | null {
  const h = req.headers.authorization ?? '';
  if (h.startsWith('Bearer ')) return h.slice(7).trim();
  if (h.startsWith('Basic ')) return Buffer.from(h.slice(6), 'base64').toString().split(':')[0] ?? null;
  return null;
}

function parseBody(raw: string, type: string | undefined): Params {
  if (!raw) return {};
  if (type?.includes('application/json')) {
    try {
      const v = JSON.parse(raw) as unknown;
      if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error('not an object');
      return v as Params;
    } catch {
      throw invalidRequest('Invalid JSON body.', 'parameter_invalid_object');
    }
  }
  return parseForm(raw);
}

export function createHandler(deps: ServerDeps) {
  const { ctx } = deps;
  const api = new Router(deps.apiRoutes);
  const pages = new Router(deps.pageRoutes);
  let queue: Promise<unknown> = Promise.resolve();

  const send = (
    res: ServerResponse,
    status: number,
    body: string | Buffer,
    headers: Record<string, string>,
  ) => {
    res.writeHead(status, { 'content-length': String(Buffer.byteLength(body)), ...headers });
    res.end(body);
  };
  const json = (res: ServerResponse, status: number, body: string, extra: Record<string, string> = {}) =>
    send(res, status, body, {
      'content-type': 'application/json',
      'stripe-version': '2026-10-28.endive',
      ...extra,
    });

  async function handleApi(
    req: IncomingMessage,
    url: URL,
    raw: string,
    requestId: string,
  ): Promise<{ status: number; body: string; replayed?: boolean }> {
    const key = bearer(req);
    const { secret, publishable } = ctx.state.keys;
    if (!key)
      throw authError(
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      );
    if (key !== secret && key !== publishable)
      throw authError(`Invalid API Key provided: ${key.slice(0, 12)}${'*'.repeat(8)}`);
    const method = req.method ?? 'GET';
    const found = api.match(method, url.pathname);
    if (found === null)
      throw invalidRequest(
        `Unrecognized request URL (${method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        undefined,
        undefined,
        404,
      );
    if (found === 'method')
      throw invalidRequest(
        `Unrecognized request URL (${method}: ${url.pathname}).`,
        undefined,
        undefined,
        404,
      );
    const auth = key === secret ? 'secret' : 'publishable';
    if (auth === 'publishable' && !found.route.browser) {
      throw authError(
        'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
      );
    }
    const body =
      method === 'POST' ? parseBody(raw, req.headers['content-type']) : parseForm(url.search.slice(1));
    const known = KNOWN_PARAMS[`${method} ${found.route.path}`];
    if (!known) throw new Error(`No parameter list for ${method} ${found.route.path}`);
    checkKnown(body, known);
    const idemKey =
      method === 'POST' ? ((req.headers['idempotency-key'] as string | undefined) ?? null) : null;
    const fingerprint = createHash('sha256').update(`${method} ${url.pathname}\n${raw}`).digest('hex');
    const slot = idemKey ? `${key}:${idemKey}` : null;
    const previous = slot ? ctx.state.idempotency[slot] : undefined;
    if (previous) {
      if (previous.fingerprint !== fingerprint) {
        throw new StripeError(
          400,
          'idempotency_error',
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idemKey}' if you meant to execute a different request.`,
        );
      }
      return { status: previous.status, body: previous.body, replayed: true };
    }
    ctx.request = { id: requestId, idempotencyKey: idemKey };
    let result: { status: number; body: string };
    try {
      if (method === 'POST') materializeTestPaymentMethods(ctx, body, found.params);
      const answer = found.route.handler(ctx, { params: found.params, body, auth });
      ctx.observe?.({ kind: 'response', route: `${method} ${found.route.path}`, body: answer });
      result = { status: 200, body: JSON.stringify(answer, null, 2) };
    } catch (err) {
      if (!(err instanceof StripeError)) throw err;
      result = { status: err.status, body: JSON.stringify(err.toJSON(), null, 2) };
    } finally {
      ctx.request = { id: '', idempotencyKey: null };
    }
    if (slot)
      ctx.state.idempotency[slot] = { fingerprint, ...result, created: Math.floor(Date.now() / 1000) };
    return result;
  }

  async function handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    const url = new URL(path, 'http://emulator.local');
    const origin = req.headers.origin;
    const cors: Record<string, string> =
      origin && LOCAL_ORIGIN.test(origin)
        ? {
            'access-control-allow-origin': origin,
            vary: 'Origin',
            'access-control-expose-headers': 'Request-Id, Idempotent-Replayed',
          }
        : {};
    if (req.method === 'OPTIONS') {
      return send(res, 204, '', {
        ...cors,
        'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
        'access-control-allow-headers':
          'Authorization, Content-Type, Idempotency-Key, Stripe-Version, Stripe-Account',
        'access-control-max-age': '600',
      });
    }
    const requestId = `req_${randomBytes(10).toString('hex')}`;
    const headers = { ...cors, 'request-id': requestId };
    let raw = '';
    try {
      raw = await readBody(req);
      if (url.pathname.startsWith('/v1/')) {
        const out = await handleApi(req, url, raw, requestId);
        return json(res, out.status, out.body, {
          ...headers,
          ...(out.replayed ? { 'idempotent-replayed': 'true' } : {}),
          ...(out.status >= 400 ? { 'stripe-should-retry': 'false' } : {}),
        });
      }
      const control = req.method === 'POST' ? deps.controls[url.pathname] : undefined;
      if (control) {
        if (bearer(req) !== ctx.state.keys.secret)
          throw authError('The emulator controls need the secret key.');
        const result = await control(parseBody(raw, req.headers['content-type']));
        return json(res, 200, JSON.stringify(result), headers);
      }
      const found = pages.match(req.method ?? 'GET', url.pathname);
      if (found === null || found === 'method') {
        return send(
          res,
          404,
          JSON.stringify(
            invalidRequest(
              `Unrecognized request URL (${req.method}: ${url.pathname}).`,
              undefined,
              undefined,
              404,
            ).toJSON(),
          ),
          { ...headers, 'content-type': 'application/json' },
        );
      }
      const form = req.method === 'POST' ? parseBody(raw, req.headers['content-type']) : {};
      const out: PageResponse = await found.route.handler(ctx, {
        params: found.params,
        query: url.searchParams,
        form,
        key: bearer(req),
      });
      return send(res, out.status ?? 200, out.body, {
        'content-type': out.contentType ?? 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        // Scripts and styles come from files only; forms may go on to any return or success URL.
        'content-security-policy': PAGE_CSP,
        'x-content-type-options': 'nosniff',
        ...headers,
        ...out.headers,
      });
    } catch (err) {
      const e =
        err instanceof StripeError
          ? err
          : new StripeError(500, 'api_error', 'An unexpected error occurred in the emulator.');
      if (!(err instanceof StripeError))
        console.error('[stripe-emulator]', describeError(err, { stack: true }));
      return json(res, e.status, JSON.stringify(e.toJSON(), null, 2), {
        ...headers,
        'stripe-should-retry': 'false',
      });
    } finally {
      if (req.method !== 'GET' && req.method !== 'OPTIONS') ctx.store.save();
    }
  }

  /** Requests run one at a time: the emulator's state changes are synchronous and atomic per call. */
  return (req: IncomingMessage, res: ServerResponse, path = req.url ?? '/'): void => {
    queue = queue
      .then(() => handle(req, res, path))
      .catch((err: unknown) => console.error('[stripe-emulator]', describeError(err, { stack: true })));
  };
}
