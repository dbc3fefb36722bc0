import { describe, expect, it } from 'vitest';
import {
  discordErrorMisfit,
  fuzzRoutes,
  stripeErrorMisfit,
  type FuzzAnswer,
  type FuzzRequest,
  type FuzzTarget,
} from '../src/fuzz/index.ts';

const json = (statusCode: number, body: unknown): FuzzAnswer => ({
  statusCode,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** A server with the faults the fuzzer is for: a NUL in the path crashes it, a bad field leaks a stack. */
function faultyTarget(sent: FuzzRequest[]): FuzzTarget {
  return {
    prefix: '/_x',
    routes: [
      { method: ['GET', 'HEAD'], url: '/_x/things/:id(^\\d+$)' },
      { method: 'POST', url: '/_x/things' },
    ],
    send: async (request) => {
      sent.push(request);
      if (request.url.includes('%00')) return json(500, { message: '500: Internal Server Error', code: 0 });
      if (request.method === 'POST' && String(request.payload).includes('\\u0000'))
        return json(400, { message: 'TypeError: x at parse (/app/src/things.ts:3:9)', code: 0 });
      if (request.headers.authorization !== 'Bot good') return json(401, { error: 'unauthorized' });
      return json(200, {});
    },
    valid: () => ({
      params: { id: '1' },
      fields: { name: 'thing' },
      headers: { authorization: 'Bot good' },
      encoding: 'json',
    }),
    judge: (_method, route, answer) => discordErrorMisfit(route.url.slice(3), answer),
  };
}

describe('the emulator fuzzer', () => {
  it('counts 5xx, and reports refusals out of shape or telling of internals', async () => {
    const report = await fuzzRoutes(faultyTarget([]), { seed: 7, runs: 20, hugeBytes: 1000 });
    expect(report.serverErrors).toBeGreaterThan(0);
    expect(report.problems.some((p) => p.includes('bad path id: 500'))).toBe(true);
    expect(report.problems.some((p) => p.includes("lacks Discord's { message, code }"))).toBe(true);
    expect(report.problems.some((p) => p.includes('tells of internals'))).toBe(true);
    // HEAD is left to GET; the not-found handler beside the routes is probed too.
    expect(report.sent).toBeGreaterThan(20 * 5);
  });

  it('sends the same calls for the same seed, and others for another', async () => {
    const first: FuzzRequest[] = [];
    const again: FuzzRequest[] = [];
    const other: FuzzRequest[] = [];
    await fuzzRoutes(faultyTarget(first), { seed: 7, runs: 3, hugeBytes: 1000 });
    await fuzzRoutes(faultyTarget(again), { seed: 7, runs: 3, hugeBytes: 1000 });
    await fuzzRoutes(faultyTarget(other), { seed: 8, runs: 3, hugeBytes: 1000 });
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
    expect(first.some((request) => request.method === 'HEAD')).toBe(false);
    expect(first.some((request) => request.url.startsWith('/_x/things/') && request.method === 'POST')).toBe(
      true,
    );
  });
});

describe('error shapes', () => {
  it("tells Stripe's error object from others", () => {
    const ok = json(400, { error: { type: 'invalid_request_error', message: 'Missing required param: x.' } });
    expect(stripeErrorMisfit('/v1/customers', ok)).toBeNull();
    expect(stripeErrorMisfit('/v1/customers', json(400, { error: { code: 'x', message: 'y' } }))).toMatch(
      /lacks Stripe/,
    );
    const page: FuzzAnswer = { statusCode: 404, headers: { 'content-type': 'text/html' }, body: '<p>' };
    expect(stripeErrorMisfit('/_emulator/checkout/:id', page)).toBeNull();
    expect(stripeErrorMisfit('/v1/customers', page)).not.toBeNull();
  });

  it("tells Discord's shapes apart by the route they answer for", () => {
    const rest = json(404, { message: 'Unknown Channel', code: 10003 });
    const own = json(404, { error: { code: 'not_found', message: 'Not found.' } });
    expect(discordErrorMisfit('/api/v10/channels/:channel', rest)).toBeNull();
    expect(discordErrorMisfit('/api/v10/channels/:channel', own)).not.toBeNull();
    expect(discordErrorMisfit('/app/api/state', own)).toBeNull();
    expect(discordErrorMisfit('/_test/users', rest)).not.toBeNull();
    const token = json(400, { error: 'invalid_grant', error_description: 'Invalid code.' });
    expect(discordErrorMisfit('/api/:version(^v\\d+$)/oauth2/token', token)).toBeNull();
    expect(
      discordErrorMisfit('/api/v10/users/@me', json(429, { message: 'Slow', retry_after: 1 })),
    ).toBeNull();
  });
});
