import { createHash } from 'node:crypto';
import type { Ctx } from './ctx.ts';
import { StripeError, authError } from './errors.ts';
import { KNOWN_PARAMS, checkKnown } from './known-params.ts';
import { materializeTestPaymentMethods } from './resources/payment-methods.ts';
import type { ApiRoute } from './router.ts';
import type { Params } from './types.ts';

export interface ApiCall {
  method: string;
  /** Path below the prefix, as requested. */
  path: string;
  params: Record<string, string>;
  body: Params;
  /** The form body as sent: a replayed idempotency key must come with the same one. */
  raw: string;
  key: string;
  idempotencyKey: string | null;
  requestId: string;
}

export interface ApiAnswer {
  status: number;
  body: string;
  replayed?: boolean;
}

/** The request's API key: Bearer, or Basic with the key as user name (as Stripe takes both). */
export function apiKey(authorization: string | undefined): string | null {
  const h = authorization ?? '';
  if (h.startsWith('Bearer ')) return h.slice(7).trim();
  if (h.startsWith('Basic ')) return Buffer.from(h.slice(6), 'base64').toString().split(':')[0] ?? null;
  return null;
}

/** 401s for a missing or unknown key; which of the two keys was sent otherwise. */
export function checkKey(ctx: Ctx, key: string | null): 'secret' | 'publishable' {
  const { secret, publishable } = ctx.state.keys;
  if (!key)
    throw authError(
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  if (key !== secret && key !== publishable)
    throw authError(`Invalid API Key provided: ${key.slice(0, 12)}${'*'.repeat(8)}`);
  return key === secret ? 'secret' : 'publishable';
}

export function checkBrowserAccess(route: ApiRoute, auth: 'secret' | 'publishable'): void {
  if (auth === 'publishable' && !route.browser) {
    throw authError(
      'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
    );
  }
}

/**
 * Runs an API call as Stripe does: unknown parameters refused, idempotency keys replayed (or
 * refused with other parameters), and Stripe's errors answered in its error shape.
 */
export function answerApi(ctx: Ctx, route: ApiRoute, call: ApiCall): ApiAnswer {
  const { method, body } = call;
  const known = KNOWN_PARAMS[`${method} ${route.path}`];
  if (!known) throw new Error(`No parameter list for ${method} ${route.path}`);
  checkKnown(body, known);
  const idemKey = method === 'POST' ? call.idempotencyKey : null;
  const fingerprint = createHash('sha256').update(`${method} ${call.path}\n${call.raw}`).digest('hex');
  const slot = idemKey ? `${call.key}:${idemKey}` : null;
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
  ctx.request = { id: call.requestId, idempotencyKey: idemKey };
  let result: ApiAnswer;
  try {
    if (method === 'POST') materializeTestPaymentMethods(ctx, body, call.params);
    const auth = call.key === ctx.state.keys.secret ? 'secret' : 'publishable';
    const answer = route.handler(ctx, { params: call.params, body, auth });
    ctx.observe?.({ kind: 'response', route: `${method} ${route.path}`, body: answer });
    result = { status: 200, body: JSON.stringify(answer, null, 2) };
  } catch (err) {
    if (!(err instanceof StripeError)) throw err;
    result = { status: err.status, body: JSON.stringify(err.toJSON(), null, 2) };
  } finally {
    ctx.request = { id: '', idempotencyKey: null };
  }
  if (slot) ctx.state.idempotency[slot] = { fingerprint, ...result, created: Math.floor(Date.now() / 1000) };
  return result;
}
