import { randomBytes, createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  REDACTED,
  describeError,
  isSecretName,
  redactText,
  redactUrl,
  redactValue,
} from './log-redaction.ts';

const interactionToken = `aW50ZXJhY3Rpb24.${randomBytes(48).toString('base64url')}`;
// Discord's own tokens: base64 of "interaction:<id>:<random>".
const discordToken = `aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1Njc4OmFiY2RlZmdoaWprbG1ub3BxcnN0dXZ3eHl6MDEyMzQ1`;
const sessionId = randomBytes(32).toString('base64url');
const sessionHash = createHash('sha256').update(sessionId).digest('hex');
const paymentSecret = 'pi_3PqRsTuVwXyZ0123_secret_AbCdEfGhIjKlMnOpQrStUv';
const setupSecret = 'seti_1NaBcDeFgHiJkLmN_secret_OpQrStUvWxYz0123456789';
const checkoutSecret = 'cs_test_a1B2c3D4e5F6_secret_ZyXwVuTsRqPoNm';
const webhookSignature = `t=1700000000,v1=${'ab12'.repeat(16)},v0=${'cd34'.repeat(16)}`;

/** Fails with the text when any of the secrets is still in it. */
function expectNone(text: string, secrets: string[]) {
  for (const secret of secrets) expect(text, `${secret} in ${text}`).not.toContain(secret);
}

describe('redactText', () => {
  it('takes the token out of Discord webhook and interaction-callback paths, keeping the ids', () => {
    const webhook = `https://discord.com/api/v10/webhooks/1100000000000000001/${interactionToken}/messages/@original?wait=true`;
    expect(redactUrl(webhook)).toBe(
      `https://discord.com/api/v10/webhooks/1100000000000000001/${REDACTED}/messages/@original?wait=true`,
    );
    const callback = `/_discord/api/v10/interactions/1200000000000000002/${interactionToken}/callback`;
    expect(redactUrl(callback)).toBe(
      `/_discord/api/v10/interactions/1200000000000000002/${REDACTED}/callback`,
    );
    // A webhook's own token (not an interaction's) goes the same way.
    expect(redactUrl('/api/webhooks/123/Xy-z_0.9?thread_id=4')).toBe(
      `/api/webhooks/123/${REDACTED}?thread_id=4`,
    );
  });

  it('takes interaction tokens out wherever else they appear', () => {
    for (const token of [interactionToken, discordToken]) {
      const text = `interaction failed: {"token":"${token}","id":"1"} and ${token}.`;
      const redacted = redactText(text);
      expectNone(redacted, [token, token.slice(20)]);
      expect(redacted).toContain(REDACTED);
    }
  });

  it('keeps the id of a Stripe client secret and drops the secret', () => {
    for (const secret of [paymentSecret, setupSecret, checkoutSecret]) {
      const id = secret.slice(0, secret.indexOf('_secret_'));
      const url = `/_stripe/v1/payment_intents/${id}?client_secret=${secret}&expand[]=payment_method`;
      const redacted = redactUrl(url);
      expectNone(redacted, [secret, secret.slice(secret.indexOf('_secret_'))]);
      expect(redacted).toContain(`/payment_intents/${id}?client_secret=`);
      expect(redacted).toContain('&expand[]=payment_method');
      expect(redactText(`confirming ${secret} now`)).toBe(`confirming ${id}_secret_${REDACTED} now`);
    }
  });

  it('takes Stripe keys, webhook secrets and webhook signatures out', () => {
    const text = `sk_test_51AbCdEfGh rk_live_9zYx whsec_AbC+/dEf= Stripe-Signature: ${webhookSignature}`;
    const redacted = redactText(text);
    expectNone(redacted, ['51AbCdEfGh', '9zYx', 'AbC+/dEf=', 'ab12ab12', 'cd34cd34']);
    expect(redacted).toContain('t=1700000000');
  });

  it('takes secret query parameters out and leaves the others', () => {
    const url = `/api/auth/discord/callback?code=Xyz123&state=st4te.v4lue&lang=en#frag`;
    expect(redactUrl(url)).toBe(`/api/auth/discord/callback?code=${REDACTED}&state=${REDACTED}&lang=en#frag`);
    expect(redactUrl('/x?token=abc&access_token=def&CODE_VERIFIER=ghi&page=2')).toBe(
      `/x?token=${REDACTED}&access_token=${REDACTED}&CODE_VERIFIER=${REDACTED}&page=2`,
    );
    expect(redactUrl('/api/changelog?page=2&sort=date')).toBe('/api/changelog?page=2&sort=date');
  });

  it('takes the session cookie out of Cookie and Set-Cookie text', () => {
    expect(redactText(`theme=dark; sid=${sessionId}; other=1`)).toBe(`theme=dark; sid=${REDACTED}; other=1`);
    expect(redactText(`sid=${sessionId}; Max-Age=2592000; Path=/; HttpOnly`)).toBe(
      `sid=${REDACTED}; Max-Age=2592000; Path=/; HttpOnly`,
    );
  });

  it('takes Authorization credentials out', () => {
    const botToken = 'MTEwMDAwMDAwMDAwMDAwMDAx.GaBcDe.fGhIjKlMnOpQrStUvWxYz0123456789';
    expectNone(redactText(`Authorization: Bot ${botToken}`), [botToken, 'GaBcDe']);
    expectNone(redactText(`authorization: Bearer ${sessionId}`), [sessionId]);
    expectNone(redactText('Basic dXNlcjpwYXNzd29yZDEyMzQ1Ng=='), ['dXNlcjpwYXNzd29yZDEyMzQ1Ng==']);
    // Ordinary words after "Bot" stay.
    expect(redactText('Bot started')).toBe('Bot started');
  });

  it('takes the password out of connection strings', () => {
    expect(redactText('connect postgres://app:s3cr3t-pw@db.internal:5432/app failed')).toBe(
      `connect postgres://app:${REDACTED}@db.internal:5432/app failed`,
    );
    expect(redactText('https://user:pa55@a1111.internal/sdapi')).toBe(
      `https://user:${REDACTED}@a1111.internal/sdapi`,
    );
    expect(redactText('https://a1111.internal:7860/sdapi/v1/txt2img')).toBe(
      'https://a1111.internal:7860/sdapi/v1/txt2img',
    );
  });

  it("takes a failed query's parameters and PostgreSQL's quoted values out", () => {
    const message = `Failed query: select "user_id" from "sessions" where "sessions"."id_hash" = $1 limit $2\nparams: ${sessionHash},1`;
    const redacted = redactText(message);
    expectNone(redacted, [sessionHash]);
    expect(redacted).toContain('Failed query: select "user_id" from "sessions"');
    expect(redacted).toContain(`params: ${REDACTED}`);
    expectNone(redactText(`Key (id_hash)=(${sessionHash}) already exists.`), [sessionHash]);
    expect(redactText(`Key (id_hash)=(${sessionHash}) already exists.`)).toBe(
      `Key (id_hash)=(${REDACTED}) already exists.`,
    );
    expectNone(redactText(`Failing row contains (${sessionHash}, 42, null).`), [sessionHash]);
  });

  it('is safe on a finished JSON line and changes nothing twice', () => {
    const line = JSON.stringify({
      msg: `Failed query: select 1\nparams: ${sessionHash},"quoted"`,
      url: `/webhooks/1/${interactionToken}?wait=true`,
      cookie: `sid=${sessionId}`,
      note: 'a "quoted" word and a back\\slash',
    });
    const redacted = redactText(line);
    const parsed = JSON.parse(redacted) as Record<string, string>;
    expectNone(redacted, [sessionHash, interactionToken, sessionId]);
    expect(parsed.note).toBe('a "quoted" word and a back\\slash');
    expect(redactText(redacted)).toBe(redacted);
  });

  it('leaves ordinary text alone', () => {
    const text = 'GET /api/changelog 200 in 3.2 ms; job 7f3a finished; user 42 bought 500 credits';
    expect(redactText(text)).toBe(text);
  });
});

describe('redactValue', () => {
  it('replaces values under secret names whole, at any depth and in any spelling', () => {
    const value = redactValue({
      headers: {
        cookie: `sid=${sessionId}`,
        Authorization: 'Bot abc',
        'x-signature-ed25519': 'f'.repeat(128),
        'stripe-signature': webhookSignature,
        'content-type': 'application/json',
      },
      body: { token: interactionToken, client_secret: paymentSecret, clientSecret: setupSecret, id: '7' },
      session: { idHash: sessionHash, id_hash: sessionHash, userId: 'u1' },
      list: [{ password: 'hunter2' }],
    });
    const text = JSON.stringify(value);
    expectNone(text, [
      sessionId,
      sessionHash,
      interactionToken,
      paymentSecret,
      setupSecret,
      'hunter2',
      'ffff',
    ]);
    expect(value).toMatchObject({
      headers: { cookie: REDACTED, Authorization: REDACTED, 'content-type': 'application/json' },
      body: { token: REDACTED, id: '7' },
      session: { userId: 'u1' },
    });
  });

  it('turns errors into plain objects with their message, stack, fields and cause redacted', () => {
    // The shape of drizzle's DrizzleQueryError wrapping a pg error.
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "sessions_pkey"'), {
      code: '23505',
      detail: `Key (id_hash)=(${sessionHash}) already exists.`,
      table: 'sessions',
    });
    class DrizzleQueryError extends Error {
      constructor(
        public query: string,
        public params: unknown[],
        cause: Error,
      ) {
        super(`Failed query: ${query}\nparams: ${params.join(',')}`, { cause });
      }
    }
    const error = new DrizzleQueryError('insert into "sessions" values ($1, $2)', [sessionHash, 'u1'], cause);
    const value = redactValue({ err: error }) as { err: Record<string, unknown> };
    const text = JSON.stringify(value);
    expectNone(text, [sessionHash]);
    expect(value.err).toMatchObject({
      type: 'DrizzleQueryError',
      query: 'insert into "sessions" values ($1, $2)',
      params: REDACTED,
      cause: { code: '23505', table: 'sessions' },
    });
    expect(value.err.stack).toEqual(expect.stringContaining('Failed query'));
  });

  it('redacts the URL and body a Discord REST error carries', () => {
    const error = Object.assign(new Error('Unknown Webhook'), {
      url: `https://discord.com/api/v10/webhooks/1100000000000000001/${interactionToken}/messages/@original`,
      requestBody: { files: undefined, json: { content: 'done' } },
      method: 'PATCH',
      status: 404,
    });
    const text = JSON.stringify(redactValue(error));
    expectNone(text, [interactionToken]);
    expect(text).toContain('/webhooks/1100000000000000001/');
  });

  it('survives cycles, depth and binary data', () => {
    const a: Record<string, unknown> = { name: 'a', data: Buffer.from('secret bytes') };
    a.self = a;
    let deep: Record<string, unknown> = { leaf: `sid=${sessionId}` };
    for (let i = 0; i < 20; i++) deep = { next: deep };
    const text = JSON.stringify(
      redactValue({ a, deep, when: new Date(0), url: new URL(`https://x.example/?token=abc`) }),
    );
    expect(text).toContain('[Circular]');
    expect(text).toContain('[12 bytes]');
    expect(text).toContain('1970-01-01T00:00:00.000Z');
    expect(text).toContain(`token=${REDACTED}`);
    expectNone(text, [sessionId, 'secret bytes']);
  });

  it('knows secret names in their usual spellings and leaves others', () => {
    for (const name of [
      'Cookie',
      'set-cookie',
      'client_secret',
      'clientSecret',
      'X-Signature-Ed25519',
      'idHash',
    ])
      expect(isSecretName(name), name).toBe(true);
    for (const name of ['code', 'state', 'status', 'url', 'userId', 'jobId'])
      expect(isSecretName(name), name).toBe(false);
  });

  it('describes an error in one redacted line', () => {
    expect(describeError(new Error(`Failed query: select 1\nparams: ${sessionHash}`))).not.toContain(
      sessionHash,
    );
    expect(describeError(`token ${interactionToken}`)).not.toContain(interactionToken);
  });
});
