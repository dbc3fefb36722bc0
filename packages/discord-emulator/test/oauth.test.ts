import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDiscordEmulator, type StartedDiscordEmulator } from '../src/index.ts';

/** Discord's OAuth2 authorization code grant with PKCE, as a site's sign-in drives it. */
let discord: StartedDiscordEmulator;
const redirectUri = 'https://shop.example/api/auth/discord/callback';
const verifier = randomBytes(32).toString('base64url');
const challenge = createHash('sha256').update(verifier).digest('base64url');

beforeAll(async () => {
  discord = await startDiscordEmulator();
});
afterAll(() => discord.close());

const authorizeParams = (extra: Record<string, string> = {}) =>
  new URLSearchParams({
    response_type: 'code',
    client_id: discord.applicationId,
    scope: 'identify email',
    redirect_uri: redirectUri,
    state: 'state-123',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  });

/** Approves (or cancels) on the consent page as `userId`; answers the redirect back to the site. */
async function consent(decision: 'authorize' | 'cancel', userId = discord.seededUsers[1]!.id) {
  const form = authorizeParams();
  form.set('user_id', userId);
  form.set('decision', decision);
  const answer = await fetch(`${discord.url}/oauth2/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
    redirect: 'manual',
  });
  expect(answer.status).toBe(302);
  return { location: new URL(answer.headers.get('location')!), cookie: answer.headers.get('set-cookie') };
}

const exchange = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${discord.url}/api/v10/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      redirect_uri: redirectUri,
      code_verifier: verifier,
      client_id: discord.applicationId,
      client_secret: discord.clientSecret,
      ...fields,
    }),
  });

describe('Discord sign-in (OAuth2)', () => {
  it('shows a consent page naming the scopes and accounts, and refuses a bad request', async () => {
    const page = await fetch(`${discord.url}/oauth2/authorize?${authorizeParams().toString()}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<code>identify</code>');
    expect(html).toContain('@member');
    expect(html).toContain('value="state-123"');
    const wrongClient = await fetch(
      `${discord.url}/oauth2/authorize?${authorizeParams({ client_id: '1' }).toString()}`,
    );
    expect(wrongClient.status).toBe(400);
    const plain = await fetch(
      `${discord.url}/oauth2/authorize?${authorizeParams({ code_challenge_method: 'plain' }).toString()}`,
    );
    expect(plain.status).toBe(400);
  });

  it('exchanges a code once, with its verifier and redirect URI, for a token that reads the user', async () => {
    const { location } = await consent('authorize');
    expect(location.origin + location.pathname).toBe(redirectUri);
    expect(location.searchParams.get('state')).toBe('state-123');
    const code = location.searchParams.get('code')!;

    const answer = await exchange({ code });
    expect(answer.status).toBe(200);
    const token = (await answer.json()) as { access_token: string; token_type: string; scope: string };
    expect(token).toMatchObject({ token_type: 'Bearer', scope: 'identify email' });

    const me = await fetch(`${discord.url}/api/v10/users/@me`, {
      headers: { authorization: `Bearer ${token.access_token}` },
    });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      id: discord.seededUsers[1]!.id,
      username: 'member',
      verified: true,
    });

    const again = await exchange({ code });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a wrong verifier, redirect URI or client secret, and an unknown Bearer token', async () => {
    const badVerifier = await exchange({
      code: (await consent('authorize')).location.searchParams.get('code')!,
      code_verifier: randomBytes(32).toString('base64url'),
    });
    expect(badVerifier.status).toBe(400);
    const badRedirect = await exchange({
      code: (await consent('authorize')).location.searchParams.get('code')!,
      redirect_uri: 'https://elsewhere.example/callback',
    });
    expect(badRedirect.status).toBe(400);
    const badSecret = await exchange({
      code: (await consent('authorize')).location.searchParams.get('code')!,
      client_secret: 'guess',
    });
    expect(badSecret.status).toBe(401);
    expect(await badSecret.json()).toMatchObject({ error: 'invalid_client' });
    const stranger = await fetch(`${discord.url}/api/v10/users/@me`, {
      headers: { authorization: 'Bearer nothing' },
    });
    expect(stranger.status).toBe(401);
    // The bot's own token still reads the bot user.
    const bot = await fetch(`${discord.url}/api/v10/users/@me`, {
      headers: { authorization: `Bot ${discord.botToken}` },
    });
    expect(await bot.json()).toMatchObject({ id: discord.applicationId, bot: true });
  });

  it('sends a cancel back as access_denied, and skips the consent with prompt=none once approved', async () => {
    const { location } = await consent('cancel');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('state-123');

    const { cookie } = await consent('authorize', discord.seededUsers[2]!.id);
    const silent = await fetch(
      `${discord.url}/oauth2/authorize?${authorizeParams({ prompt: 'none' }).toString()}`,
      {
        headers: { cookie: cookie!.split(';')[0]! },
        redirect: 'manual',
      },
    );
    expect(silent.status).toBe(302);
    const code = new URL(silent.headers.get('location')!).searchParams.get('code')!;
    const token = (await (await exchange({ code })).json()) as { access_token: string };
    const me = await fetch(`${discord.url}/api/v10/users/@me`, {
      headers: { authorization: `Bearer ${token.access_token}` },
    });
    expect(await me.json()).toMatchObject({ username: 'free' });
  });
});
