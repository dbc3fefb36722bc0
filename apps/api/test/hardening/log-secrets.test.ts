import { Writable } from 'node:stream';
import { CREDIT_PACKAGES } from '@app/domain';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSessionId } from '../../src/plugins/session.ts';
import { type Harness, createHarness } from '../discord/harness.ts';
import { type TestContext, createTestApp } from '../helpers.ts';

/** Collects every line a logger writes. */
class LogCapture extends Writable {
  text = '';
  override _write(chunk: Buffer | string, _encoding: string, done: () => void) {
    this.text += chunk.toString();
    done();
  }
  lines(): Record<string, unknown>[] {
    return this.text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }
  accessLines() {
    return this.lines().filter((line) => line.msg === 'request');
  }
}

/** Fails naming the secret and the line that holds it. */
function expectAbsent(log: string, secrets: Record<string, string>) {
  for (const [name, secret] of Object.entries(secrets)) {
    expect(secret.length, name).toBeGreaterThan(10);
    const line = log.split('\n').find((l) => l.includes(secret));
    expect(line, `${name} appears in the log`).toBeUndefined();
  }
}

describe('the API log: one line per request, no secrets (payments, sessions, database errors)', () => {
  const log = new LogCapture();
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({}, { payments: true, logStream: log });
  });
  afterAll(() => t?.close());

  it('keeps the session id, its hash, client secrets, signatures and credentials out', async () => {
    const { cookie } = await t.signIn('log-secrets-buyer');
    const sessionId = cookie.slice('sid='.length);
    const sessionHash = hashSessionId(sessionId);
    let requests = 1;
    const inject = async (options: InjectOptions) => {
      requests++;
      return t.app.inject(options);
    };

    // Signed-in reads carry the cookie (and a stray bearer token, as a proxy might add).
    const me = await inject({
      method: 'GET',
      url: '/api/auth/',
      headers: { cookie, authorization: `Bearer ${sessionId}` },
    });
    expect(me.statusCode).toBe(200);

    // A payment intent hands the browser its client secret; the browser comes back with it in the
    // return URL (as Stripe's redirect after authentication does) and asks the emulator with it.
    const pack = CREDIT_PACKAGES[0]!;
    const intent = await inject({
      method: 'POST',
      url: '/api/payment/create-payment-intent',
      headers: { cookie },
      payload: { purchaseType: 'Credits', tierType: pack.name },
    });
    expect(intent.statusCode, intent.body).toBe(200);
    const { id: intentId, client_secret: clientSecret } = intent.json<{
      id: string;
      client_secret: string;
    }>();
    expect(clientSecret).toMatch(/^pi_.+_secret_.+/);
    await inject({
      method: 'GET',
      url: `/payment/complete?payment_intent=${intentId}&payment_intent_client_secret=${clientSecret}&redirect_status=succeeded`,
      headers: { cookie },
    });
    await inject({
      method: 'GET',
      url: `/_stripe/v1/payment_intents/${intentId}?client_secret=${clientSecret}`,
    });

    // A webhook delivery with a signature that does not verify.
    const signature = `t=${Math.floor(Date.now() / 1000)},v1=${'5e'.repeat(32)}`;
    const webhook = await inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'stripe-signature': signature, 'content-type': 'application/json' },
      payload: JSON.stringify({ id: 'evt_1', type: 'payment_intent.succeeded', data: { object: {} } }),
    });
    expect(webhook.statusCode).toBe(400);

    // A database error while the session is looked up: the failed query's parameters hold the hash.
    const freshCookie = await t.sessionCookie(me.json<{ user_id: string }>().user_id);
    const freshId = freshCookie.slice('sid='.length);
    await t.database.db.execute('alter table sessions rename to sessions_away');
    let failed;
    try {
      failed = await inject({ method: 'GET', url: '/api/auth/', headers: { cookie: freshCookie } });
    } finally {
      await t.database.db.execute('alter table sessions_away rename to sessions');
    }
    expect(failed.statusCode).toBe(500);
    const errorLine = log.lines().find((line) => line.msg === 'request failed');
    expect(errorLine, 'the database error is logged').toBeDefined();
    expect(JSON.stringify(errorLine)).toContain('Failed query');
    expect(JSON.stringify(errorLine)).toContain('params: [REDACTED]');

    expectAbsent(log.text, {
      sessionId,
      sessionHash,
      freshId,
      freshHash: hashSessionId(freshId),
      clientSecret,
      clientSecretRandom: clientSecret.slice(clientSecret.indexOf('_secret_')),
      signature: '5e'.repeat(32),
    });

    // One line per request, and only ours: Fastify's own pair is off.
    const access = log.accessLines();
    expect(access).toHaveLength(requests);
    expect(new Set(access.map((line) => line.reqId)).size).toBe(requests);
    expect(log.text).not.toContain('incoming request');
    expect(log.text).not.toContain('request completed');
    const stripeLine = access.find((line) => String(line.url).startsWith('/_stripe/v1/payment_intents/'));
    expect(stripeLine).toMatchObject({
      method: 'GET',
      url: `/_stripe/v1/payment_intents/${intentId}?client_secret=[REDACTED]`,
    });
    expect(stripeLine?.statusCode).toEqual(expect.any(Number));
    expect(stripeLine?.durationMs).toEqual(expect.any(Number));
    const failedLine = access.find((line) => line.statusCode === 500);
    expect(failedLine).toMatchObject({ method: 'GET', url: '/api/auth/', route: '/api/auth' });
  });
});

describe('the API log with the bot: interaction tokens stay out', () => {
  const log = new LogCapture();
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ logStream: log, logLevel: 'info' });
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  it('logs the callback and webhook calls with their tokens taken out', async () => {
    const { discordId } = await h.user(100);
    const outcome = await h.command(discordId, 'make', { prompt: 'a fox that keeps secrets' });
    expect(outcome.response?.type).toBe(4);
    const token = outcome.interaction!.token;
    // The result is posted as a follow-up on the interaction's webhook.
    await h.waitFor(async () =>
      (await h.messages()).find((m) => m.content.startsWith(`<@${discordId}> your /make is ready`)),
    );
    // A client answering the interaction itself calls its callback, which carries the token too.
    const late = await fetch(
      `${h.base}/_discord/api/v10/interactions/${outcome.interaction!.id}/${token}/callback`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 4, data: { content: 'late' } }),
      },
    );
    await late.arrayBuffer();
    const access = log.accessLines();
    const callback = access.find((line) => String(line.url).endsWith('/callback'));
    expect(callback?.url).toBe(
      `/_discord/api/v10/interactions/${outcome.interaction!.id}/[REDACTED]/callback`,
    );
    expect(callback?.statusCode).toBe(late.status);
    expect(access.some((line) => /\/webhooks\/\d+\/\[REDACTED\]/.test(String(line.url)))).toBe(true);
    expectAbsent(log.text, { token, tokenTail: token.slice(-32) });
    expect(new Set(access.map((line) => line.reqId)).size).toBe(access.length);
    expect(log.text).not.toContain('incoming request');
  }, 30_000);
});
