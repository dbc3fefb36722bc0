/**
 * What the logs must never hold, and how it is taken out: Discord interaction tokens, session ids
 * and their hashes, cookies, Authorization headers, Stripe client secrets, keys and webhook
 * signatures, passwords in connection strings. Every process writes its log lines through these
 * functions: values under a secret name are replaced whole, and every string (a message, a URL, an
 * error's message and stack) has the secrets it carries replaced in place.
 */

export const REDACTED = '[REDACTED]';

/**
 * Field and header names whose values are secrets wherever they appear, compared in lower case
 * without `-` and `_` (`client_secret`, `clientSecret` and `Client-Secret` are one name).
 */
const SECRET_NAMES = new Set([
  'cookie',
  'setcookie',
  'authorization',
  'proxyauthorization',
  'xsignatureed25519',
  'stripesignature',
  'token',
  'accesstoken',
  'refreshtoken',
  'idtoken',
  'bottoken',
  'interactiontoken',
  'clientsecret',
  'secret',
  'webhooksecret',
  'secretkey',
  'apikey',
  'password',
  'adminpassword',
  'codeverifier',
  'sid',
  'sessionid',
  'idhash',
  'sessionhash',
  // The values a failed SQL query was run with (a session hash, among others).
  'params',
  'parameters',
]);

const normalName = (name: string) => name.toLowerCase().replace(/[-_]/g, '');

/** Names already judged: log lines repeat the same few field names on every request. */
const judgedNames = new Map<string, boolean>();
const MAX_JUDGED_NAMES = 1000;

/** True when a field or header of this name holds a secret. */
export function isSecretName(name: string): boolean {
  let secret = judgedNames.get(name);
  if (secret === undefined) {
    secret = SECRET_NAMES.has(normalName(name));
    if (judgedNames.size < MAX_JUDGED_NAMES) judgedNames.set(name, secret);
  }
  return secret;
}

/** Query parameters that carry secrets: OAuth codes and states, tokens, client secrets. */
const SECRET_QUERY_PARAMS = [
  'client_secret',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'code',
  'state',
  'code_verifier',
  'password',
  'secret',
  'signature',
  'sig',
  'sid',
  'key',
  'api_key',
];

// None of the patterns consumes a quote or a backslash outside an escape sequence, so they can run
// over a finished JSON log line as well as over a raw string without breaking it.
const TOKEN = String.raw`[^\s/?#&;,"'\\]+`;

/** Each secret a string can carry, with what is left in its place. */
const TEXT_RULES: [RegExp, string][] = [
  // A password in a URL's user info: postgres://user:password@host, https://user:password@host.
  [/(\b[a-z][a-z0-9+.-]*:\/\/[^\s/:@"'\\]+:)[^\s/@"'\\]+@/gi, `$1${REDACTED}@`],
  // Discord webhook and interaction-callback paths carry the interaction (or webhook) token.
  [new RegExp(String.raw`(/webhooks/\d+/)${TOKEN}`, 'g'), `$1${REDACTED}`],
  [new RegExp(String.raw`(/interactions/\d+/)${TOKEN}`, 'g'), `$1${REDACTED}`],
  // Interaction tokens wherever else they show (they start with base64 of "interaction").
  [/aW50ZXJhY3Rpb24[A-Za-z0-9._~+=-]*/g, REDACTED],
  // Stripe client secrets (pi_…_secret_…, seti_…_secret_…, cs_…_secret_…): the id stays, the secret goes.
  [/_secret_[A-Za-z0-9]+/g, `_secret_${REDACTED}`],
  // Stripe API keys and webhook signing secrets.
  [/\b((?:sk|rk)_(?:test|live)_)[A-Za-z0-9]+/g, `$1${REDACTED}`],
  [/\bwhsec_[A-Za-z0-9+/=]+/g, `whsec_${REDACTED}`],
  // The signatures of a Stripe-Signature header (t=…,v1=…).
  [/\b(v[01]=)[0-9a-f]{32,}/g, `$1${REDACTED}`],
  // Query parameters that hold secrets.
  [new RegExp(String.raw`([?&](?:${SECRET_QUERY_PARAMS.join('|')})=)[^&#\s"'\\]*`, 'gi'), `$1${REDACTED}`],
  // The session cookie, as a Cookie or Set-Cookie header shows it.
  [/(\bsid=)[^;,\s"'\\&]+/g, `$1${REDACTED}`],
  // Authorization header values: Bearer, Bot and Basic credentials.
  [/\b(Bearer|Bot|Basic)(\s+)[A-Za-z0-9._~+/=-]{16,}/g, `$1$2${REDACTED}`],
  // A failed query's parameters (drizzle's "Failed query: …\nparams: …"), up to the line's end;
  // in a JSON line the line break before them is written `\n`.
  [/(?<=^|\s|\\n)(params: )(?:[^"\\\n]|\\[^n])*/g, `$1${REDACTED}`],
  // PostgreSQL's error details quote the values: Key (id_hash)=(…), Failing row contains (…).
  [/(\bKey \([^)"\\]*\)=\()[^)"\\]*\)/g, `$1${REDACTED})`],
  [/(\bFailing row contains )\((?:[^"\\]|\\[^n])*\)/g, `$1(${REDACTED})`],
];

/**
 * Something at least one of the rules above needs to match (the patterns' literal parts, looser):
 * a string without any is clean, and most log lines are, so they are scanned once instead of once
 * per rule.
 */
const MAY_HOLD_SECRET =
  /:\/\/|\/webhooks\/|\/interactions\/|aW50ZXJhY3Rpb24|_secret_|_(?:test|live)_|whsec_|v[01]=|[?&][a-z_]*=|sid=|(?:Bearer|Bot|Basic)\s|params: |Key \(|Failing row contains/i;

/** The string with every secret it carries replaced; safe on raw text and on a JSON line alike. */
export function redactText(text: string): string {
  if (!MAY_HOLD_SECRET.test(text)) return text;
  let result = text;
  for (const [pattern, replacement] of TEXT_RULES) result = result.replace(pattern, replacement);
  return result;
}

/** A URL (or a path with its query) fit for a log: tokens in the path and secret parameters go. */
export function redactUrl(url: string): string {
  return redactText(url);
}

const MAX_DEPTH = 8;

function isErrorLike(value: object): value is Error {
  return value instanceof Error || (typeof (value as Error).message === 'string' && 'stack' in value);
}

/** An error as a plain object (type, message, stack, its own fields, its cause), secrets out. */
function redactError(error: Error, depth: number, seen: WeakSet<object>): Record<string, unknown> {
  const out: Record<string, unknown> = {
    type: error.constructor?.name ?? 'Error',
    message: redactText(String(error.message)),
  };
  if (typeof error.stack === 'string') out.stack = redactText(error.stack);
  for (const key of Object.keys(error)) {
    if (key === 'message' || key === 'stack') continue;
    out[key] = redactField(key, (error as unknown as Record<string, unknown>)[key], depth, seen);
  }
  if (error.cause !== undefined && out.cause === undefined)
    out.cause = redactAny(error.cause, depth + 1, seen);
  if (error instanceof AggregateError && Array.isArray(error.errors))
    out.errors = redactAny(error.errors, depth + 1, seen);
  return out;
}

function redactField(key: string, value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (value === undefined || value === null) return value;
  if (isSecretName(key)) return REDACTED;
  return redactAny(value, depth + 1, seen);
}

function redactAny(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return redactText(value);
  if (typeof value !== 'object' || value === null) return value;
  if (depth > MAX_DEPTH) return '[Object]';
  if (seen.has(value)) return '[Circular]';
  seen.add(value);
  try {
    if (ArrayBuffer.isView(value)) return `[${value.byteLength} bytes]`;
    if (value instanceof ArrayBuffer) return `[${value.byteLength} bytes]`;
    if (isErrorLike(value)) return redactError(value, depth, seen);
    if (Array.isArray(value)) return value.map((item) => redactAny(item, depth + 1, seen));
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') return redactAny(toJSON.call(value), depth + 1, seen);
    if (value instanceof Map) return redactAny(Object.fromEntries(value), depth + 1, seen);
    if (value instanceof Set) return redactAny([...value], depth + 1, seen);
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value))
      out[key] = redactField(key, (value as Record<string, unknown>)[key], depth, seen);
    return out;
  } finally {
    seen.delete(value);
  }
}

/**
 * A copy of the value fit for a log: fields under secret names replaced whole, secrets in every
 * string replaced in place, errors turned into plain objects (type, message, stack, fields, cause).
 */
export function redactValue(value: unknown): unknown {
  if (typeof value === 'string') return redactText(value);
  if (typeof value !== 'object' || value === null) return value;
  return redactAny(value, 0, new WeakSet());
}

/** An error's description for a plain-text log (its message, or its stack), secrets out. */
export function describeError(error: unknown, options: { stack?: boolean } = {}): string {
  if (error instanceof Error) return redactText(options.stack && error.stack ? error.stack : error.message);
  return redactText(typeof error === 'string' ? error : String(error));
}
