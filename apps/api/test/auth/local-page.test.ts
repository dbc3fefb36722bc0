import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers.ts';

let ctx: TestContext;
beforeAll(async () => (ctx = await createTestApp()));
afterAll(async () => ctx?.close());

const form = (discordName: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/local',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ discordName }).toString(),
  });

describe('the local sign-in page', () => {
  it('answers a refused name on the page itself, with the name kept and the reason beside it', async () => {
    const response = await form('Newbie Walker');
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<h1>Sign in</h1>');
    expect(response.body).toContain('value="Newbie Walker"');
    expect(response.body).toContain('Use letters, numbers, dots, dashes or underscores');
    expect(response.body).not.toContain('VALIDATION_ERROR');
    expect(response.cookies.find((cookie) => cookie.name === 'sid')).toBeUndefined();
  });

  it('escapes what was typed', async () => {
    const response = await form('"><script>alert(1)</script>');
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain('<script>alert(1)</script>');
  });

  it('still signs a good name in from the form, and answers JSON callers with the usual error', async () => {
    const good = await form('newbie_walker');
    expect(good.statusCode).toBe(303);
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/local',
      payload: { discordName: 'Newbie Walker' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.code).toBe('VALIDATION_ERROR');
  });
});

describe('GET /api/auth/me', () => {
  it('answers 200 with no user when signed out, and the user when signed in', async () => {
    const signedOut = await ctx.app.inject({ url: '/api/auth/me' });
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.json()).toEqual({ user: null });
    const member = await ctx.signIn('member');
    const signedIn = await ctx.app.inject({ url: '/api/auth/me', headers: { cookie: member.cookie } });
    expect(signedIn.json().user).toMatchObject({ user_id: member.userId, discordname: 'member' });
  });
});
