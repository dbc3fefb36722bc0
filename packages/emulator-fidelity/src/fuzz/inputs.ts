import fc from 'fast-check';

/**
 * The malformed inputs the fuzzer sends, each an arbitrary of fast-check so a seed replays them:
 * text for a path segment or a query (percent-encoded as it goes on the wire), values for a body
 * field, whole bodies, content types and credentials.
 */

/** Percent-encodes text, lone surrogates included (as the bytes WTF-8 gives them). */
export function encodePart(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate: encoded one character at a time below.
  }
  return text.replace(/[\s\S]/g, (char) => {
    try {
      return encodeURIComponent(char);
    } catch {
      const unit = char.charCodeAt(0);
      return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    }
  });
}

const LONE_SURROGATES = ['\uD800', 'a\uDC00b', 'name\uDBFF', '\uDFFF\uD800'];
const CONTROL = ['\u0001', '\u001f', '\u007f', '\r\n', '\t', '\u0085', '\u2028', '\u202e'];

/** Text no well-behaved client sends: NUL and control characters, lone surrogates, huge text. */
export const badText = fc.oneof(
  fc.string().map((text) => `${text}\u0000${text}`),
  fc.constantFrom(...LONE_SURROGATES),
  fc.constantFrom(...CONTROL).map((c) => `a${c}b`),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('..', '../..', '/', '\\', '%', '%00', '{{x}}', '${x}', '<script>', "'; --"),
  fc.constant('x'.repeat(100_000)),
);

/** A value of the wrong kind, or the right kind out of range. */
export const badValue = fc.oneof(
  { weight: 4, arbitrary: badText },
  fc.constantFrom(-1, 0, -(2 ** 53), 2 ** 53, 1e308, -1e308, 1.5, Number.MAX_SAFE_INTEGER),
  fc.constantFrom(null, true, false, '', [], {}, [1, 2], ['\u0000'], { nested: '\u0000' }),
  fc.constant(Array.from({ length: 2000 }, (_, i) => i)),
);

/** A path segment as it goes on the wire: encoded NUL, dot segments, bad escapes, overlong, unicode. */
export const badPathSegment = fc.oneof(
  fc.constantFrom(
    '%00',
    'a%00b',
    '..',
    '%2e%2e',
    '..%2F..%2Fetc%2Fpasswd',
    '%2F',
    '%5C',
    '%zz',
    '%',
    '%E0%A4%A',
    '%ED%A0%80',
    '%C0%AF',
    '%FF%FE',
    '%01%1F%7F',
    '%0D%0A',
    '%20',
    '%F0%9F%98%80',
    '%E2%80%AE',
    '%40me',
    '-1',
    '1e308',
    '0x1F',
  ),
  fc.constantFrom('9', 'x', '%C3%A9').map((unit) => unit.repeat(4000)),
  badText.map((text) => encodePart(text.slice(0, 60))),
);

/** A query string (after `?`) that breaks some rule, with or without a named field. */
export function badQuery(fields: readonly string[]) {
  const name = fields.length > 0 ? fc.constantFrom(...fields) : fc.constant('q');
  return fc.oneof(
    fc.constantFrom(
      '%00=%00',
      'a=%00',
      'a=%zz',
      '%zz=1',
      '=',
      '&&&',
      '%',
      `${'a[b]'.repeat(30)}=1`,
      '__proto__[admin]=1',
      'constructor[prototype][admin]=1',
      'limit=-1',
      'limit=abc',
      'limit=1e308',
      'limit=99999999999999999999',
      'expand[]=%00',
      'a=%ED%A0%80',
      'a[]=1&a=2&a[b]=3',
      `a=${'x'.repeat(8000)}`,
    ),
    fc.tuple(name, badValue).map(([field, value]) => formEncode({ [field]: value })),
  );
}

/** Bodies that are not what any route reads: broken or non-object JSON, raw control bytes, deep nesting. */
export const badRawBody = fc.constantFrom<string | Buffer>(
  '{',
  '{"a":',
  '{"a":1}{"b":2}',
  '[]',
  '[{}]',
  '"text"',
  '123',
  'null',
  'true',
  '\u0000',
  '{"a":"\u0000\u0001"}',
  '\uFEFF{"a":1}',
  '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`,
  'a=1&b',
  'a[=1',
  '--x\r\ncontent-disposition: form-data\r\n\r\n',
  Buffer.from([0xff, 0xfe, 0x00, 0xc3, 0x28, 0xed, 0xa0, 0x80]),
);

/** Content types a route does not take, or takes with a body that does not match. */
export const badContentType = fc.constantFrom(
  'text/plain',
  'application/xml',
  'multipart/form-data',
  'multipart/form-data; boundary=zzz',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/x-www-form-urlencoded',
  'application/json',
  'application/octet-stream',
  'image/png',
  '*/*',
  'application/json;;;',
  'x',
  '',
);

/** Credentials that are missing, malformed or wrong (never a header a client could not send). */
export const badAuthorization = fc.constantFrom<string | undefined>(
  undefined,
  '',
  'Bot',
  'Bot ',
  'Bearer',
  'Bearer ',
  'Basic',
  'Basic !!!',
  `Basic ${Buffer.from('\u0000:\u0000').toString('base64')}`,
  `Basic ${Buffer.from(':').toString('base64')}`,
  `Bot ${'x'.repeat(10_000)}`,
  `Bearer ${'x'.repeat(10_000)}`,
  'Bot %00',
  'Bearer sk_test_wrong',
  'Bearer pk_test_wrong',
  'bot lowercase',
  'Bot\tabc',
  'Digest x',
);

/** Form encoding in Stripe's bracket notation; lone surrogates as WTF-8 bytes. */
export function formEncode(fields: Record<string, unknown>): string {
  const pairs: string[] = [];
  const add = (key: string, value: unknown): void => {
    if (Array.isArray(value)) value.forEach((item, i) => add(`${key}[${i}]`, item));
    else if (value !== null && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) add(`${key}[${k}]`, v);
    else {
      const text = value === null ? '' : typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
      pairs.push(`${encodePart(key)}=${encodePart(text)}`);
    }
  };
  for (const [key, value] of Object.entries(fields)) add(key, value);
  return pairs.join('&');
}
