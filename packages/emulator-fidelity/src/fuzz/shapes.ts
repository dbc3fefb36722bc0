import type { FuzzAnswer } from './engine.ts';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function jsonOf(answer: FuzzAnswer): Json | null {
  try {
    const value: unknown = JSON.parse(answer.body);
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}

const contentType = (answer: FuzzAnswer) => String(answer.headers['content-type'] ?? '');
const isHtml = (answer: FuzzAnswer) => contentType(answer).startsWith('text/html');
const text = (value: unknown) => typeof value === 'string' && value.length > 0;

/** `{ error: { code, message } }`: the Discord emulator's own JSON APIs (channel page, test control). */
function ownShape(body: Json): boolean {
  return isObject(body.error) && text(body.error.code) && text(body.error.message);
}

/**
 * Why a Discord emulator refusal is not in the shape its route gives, or null. `path` is the part
 * below the emulator's prefix. REST answers Discord's `{ message, code }`
 * (https://discord.com/developers/docs/reference#error-messages; a 429 `{ message, retry_after }`),
 * the OAuth2 token endpoint RFC 6749's `{ error, error_description }`, the channel page's and the
 * test control's JSON APIs `{ error: { code, message } }`; pages (authorize, the channel page) are
 * HTML; a Range past the end of an attachment is an empty 416.
 */
export function discordErrorMisfit(path: string, answer: FuzzAnswer): string | null {
  if (answer.statusCode === 416 && path.includes('attachments/') && answer.body === '') return null;
  if (isHtml(answer))
    return /^\/(oauth2\/authorize|app\/?$)/.test(path) ? null : 'is an HTML page, not a JSON error';
  const body = jsonOf(answer);
  if (!body) return `is not a JSON object: ${answer.body.slice(0, 120)}`;
  if (/^\/(app|_test)(\/|$)/.test(path))
    return ownShape(body) ? null : `lacks { error: { code, message } }: ${answer.body.slice(0, 200)}`;
  if (path.endsWith('/oauth2/token') && text(body.error) && text(body.error_description)) return null;
  if (answer.statusCode === 429)
    return text(body.message) && typeof body.retry_after === 'number'
      ? null
      : 'lacks { message, retry_after }';
  return text(body.message) && typeof body.code === 'number'
    ? null
    : `lacks Discord's { message, code }: ${answer.body.slice(0, 200)}`;
}

const STRIPE_ERROR_TYPES = new Set(['api_error', 'card_error', 'idempotency_error', 'invalid_request_error']);

/**
 * Why a Stripe emulator refusal is not in Stripe's shape, or null: `{ error: { type, message } }`
 * with one of Stripe's error types (https://docs.stripe.com/api/errors). Below `/v1/` every answer
 * is JSON; the hosted pages may answer a refusal with a page of their own.
 */
export function stripeErrorMisfit(path: string, answer: FuzzAnswer): string | null {
  if (isHtml(answer) && !path.startsWith('/v1/')) return null;
  const body = jsonOf(answer);
  if (!body) return `is not a JSON object: ${answer.body.slice(0, 120)}`;
  const error = body.error;
  if (!isObject(error) || !text(error.message) || !STRIPE_ERROR_TYPES.has(String(error.type)))
    return `lacks Stripe's { error: { type, message } }: ${answer.body.slice(0, 200)}`;
  return null;
}
