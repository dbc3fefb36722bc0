import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Ctx } from './ctx.ts';
import { body, type SubHandler } from './handler.ts';
import { apiUser, GUILD_NAME, type DiscordUserSeed } from './users.ts';

/**
 * What Discord's OAuth2 offers a site's "Sign in with Discord" (Topics › OAuth2 › Authorization
 * Code Grant): the authorize page with its consent, the code exchange at `/api/v10/oauth2/token`
 * (client credentials, `redirect_uri`, PKCE), and `GET /api/v10/users/@me` with the Bearer token.
 * Codes and tokens live in memory: a restart signs everyone out, as a revoked grant would.
 */
const CODE_TTL_MS = 10 * 60_000;
const TOKEN_TTL_S = 604_800;
const USER_COOKIE = 'discord_emulator_user';
const KNOWN_SCOPES = new Set(['identify', 'email', 'guilds', 'applications.commands', 'bot']);

interface Grant {
  userId: string;
  scopes: string[];
  redirectUri: string;
  codeChallenge?: string;
  expiresAt: number;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

function sendOauthError(res: ServerResponse, status: number, error: string, description: string) {
  res
    .writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
    .end(JSON.stringify({ error, error_description: description }));
}

function page(res: ServerResponse, status: number, title: string, content: string) {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action *",
    'x-frame-options': 'DENY',
  }).end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#313338;color:#dbdee1;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#2b2d31;padding:2rem;border-radius:8px;max-width:26rem}button{padding:.6rem 1.2rem;border:0;border-radius:4px;margin-right:.5rem;cursor:pointer}
.primary{background:#5865f2;color:#fff}label{display:block;margin:.3rem 0}</style></head><body><main>${content}</main></body></html>`);
}

/** The authorize request's parameters, checked as Discord checks them; an error text otherwise. */
function readAuthorizeRequest(ctx: Ctx, params: URLSearchParams) {
  const clientId = params.get('client_id') ?? '';
  const redirectUri = params.get('redirect_uri') ?? '';
  const scopes = (params.get('scope') ?? '').split(/[\s+]+/).filter(Boolean);
  if (clientId !== ctx.keys.applicationId) return { error: 'Unknown application (client_id).' };
  if (params.get('response_type') !== 'code') return { error: 'Only response_type=code is supported.' };
  if (!/^https?:\/\/[^\s]+$/.test(redirectUri)) return { error: 'Invalid OAuth2 redirect_uri.' };
  if (!scopes.length || scopes.some((scope) => !KNOWN_SCOPES.has(scope))) return { error: 'Invalid scope.' };
  const challenge = params.get('code_challenge') ?? undefined;
  const method = params.get('code_challenge_method') ?? (challenge ? 'plain' : undefined);
  if (challenge && method !== 'S256') return { error: 'Only code_challenge_method=S256 is supported.' };
  return {
    request: {
      clientId,
      redirectUri,
      scopes,
      state: params.get('state') ?? undefined,
      codeChallenge: challenge,
      prompt: params.get('prompt') ?? 'consent',
    },
  };
}

export function oauthHandler(ctx: Ctx): SubHandler {
  const codes = new Map<string, Grant>();
  const tokens = new Map<string, { userId: string; scopes: string[]; expiresAt: number }>();
  /** Users who already approved the application, so `prompt=none` skips the consent. */
  const approved = new Set<string>();

  const back = (redirectUri: string, fields: Record<string, string | undefined>) => {
    const url = new URL(redirectUri);
    for (const [key, value] of Object.entries(fields))
      if (value !== undefined) url.searchParams.set(key, value);
    return url.toString();
  };
  const cookieUser = (req: IncomingMessage) => {
    const m = new RegExp(`(?:^|;\\s*)${USER_COOKIE}=(\\d+)`).exec(req.headers.cookie ?? '');
    return (m && ctx.store.user(m[1]!)) || undefined;
  };
  const issueCode = (grant: Omit<Grant, 'expiresAt'>) => {
    const code = randomBytes(24).toString('base64url');
    codes.set(code, { ...grant, expiresAt: ctx.now() + CODE_TTL_MS });
    return code;
  };

  function consentPage(res: ServerResponse, params: URLSearchParams, signedIn?: DiscordUserSeed) {
    const hidden = [...params]
      .map(([key, value]) => `<input type="hidden" name="${escape(key)}" value="${escape(value)}">`)
      .join('');
    const users = ctx.store.state.users
      .map(
        (user, i) =>
          `<label><input type="radio" name="user_id" value="${user.id}"${
            (signedIn ? signedIn.id === user.id : i === 0) ? ' checked' : ''
          }> ${escape(user.globalName)} (@${escape(user.username)})</label>`,
      )
      .join('');
    const scopes = (params.get('scope') ?? '').split(/[\s+]+/).filter(Boolean);
    page(
      res,
      200,
      'Authorize access',
      `<h1>HyperCreate wants to access your account</h1>
<p>Signed in to ${escape(GUILD_NAME)}'s Discord as:</p>
<form method="post" action="${ctx.settings.prefix}/oauth2/authorize">${hidden}
<fieldset><legend>Account</legend>${users}</fieldset>
<p>This will allow the application to: ${scopes.map((s) => `<code>${escape(s)}</code>`).join(', ')}</p>
<button class="primary" name="decision" value="authorize">Authorize</button><button name="decision" value="cancel">Cancel</button>
</form>`,
    );
  }

  async function authorize(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    extras: { rawBody?: Buffer },
  ) {
    const post = req.method === 'POST';
    const params = post ? new URLSearchParams(body(extras).toString('utf8')) : url.searchParams;
    const checked = readAuthorizeRequest(ctx, params);
    if (!checked.request) {
      page(res, 400, 'Invalid request', `<h1>Invalid OAuth2 request</h1><p>${escape(checked.error)}</p>`);
      return;
    }
    const request = checked.request;
    if (!post) {
      const signedIn = cookieUser(req);
      if (request.prompt === 'none' && signedIn && approved.has(signedIn.id)) {
        const code = issueCode({ userId: signedIn.id, ...request });
        res.writeHead(302, { location: back(request.redirectUri, { code, state: request.state }) }).end();
        return;
      }
      consentPage(res, params, signedIn);
      return;
    }
    if (req.headers['sec-fetch-site'] === 'cross-site') {
      page(res, 403, 'Refused', '<h1>Cross-site requests are refused.</h1>');
      return;
    }
    if (params.get('decision') !== 'authorize') {
      const location = back(request.redirectUri, {
        error: 'access_denied',
        error_description: 'The resource owner or authorization server denied the request',
        state: request.state,
      });
      res.writeHead(302, { location }).end();
      return;
    }
    const user = ctx.store.user(params.get('user_id') ?? '');
    if (!user) {
      page(res, 400, 'Invalid request', '<h1>Choose an account.</h1>');
      return;
    }
    approved.add(user.id);
    const code = issueCode({ userId: user.id, ...request });
    res
      .writeHead(302, {
        location: back(request.redirectUri, { code, state: request.state }),
        'set-cookie': `${USER_COOKIE}=${user.id}; Path=${ctx.settings.prefix || '/'}; HttpOnly; SameSite=Lax`,
      })
      .end();
  }

  async function token(req: IncomingMessage, res: ServerResponse, extras: { rawBody?: Buffer }) {
    if (!req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      sendOauthError(res, 400, 'invalid_request', 'The body must be application/x-www-form-urlencoded.');
      return;
    }
    const form = new URLSearchParams(body(extras).toString('utf8'));
    // Client credentials in the body or as HTTP Basic, as Discord accepts both.
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
    const [basicId, basicSecret] = basic
      ? Buffer.from(basic[1]!, 'base64').toString('utf8').split(':')
      : [undefined, undefined];
    const clientId = form.get('client_id') ?? basicId ?? '';
    const clientSecret = form.get('client_secret') ?? basicSecret ?? '';
    if (clientId !== ctx.keys.applicationId || !sameText(clientSecret, clientSecretOf(ctx))) {
      sendOauthError(res, 401, 'invalid_client', 'Invalid client credentials.');
      return;
    }
    if (form.get('grant_type') !== 'authorization_code') {
      sendOauthError(res, 400, 'unsupported_grant_type', 'Only authorization_code is supported.');
      return;
    }
    const code = form.get('code') ?? '';
    const grant = codes.get(code);
    codes.delete(code); // a code is good once, whatever happens next
    if (!grant || grant.expiresAt < ctx.now()) {
      sendOauthError(res, 400, 'invalid_grant', 'Invalid "code" in request.');
      return;
    }
    if (form.get('redirect_uri') !== grant.redirectUri) {
      sendOauthError(res, 400, 'invalid_grant', 'Invalid "redirect_uri" in request.');
      return;
    }
    if (grant.codeChallenge) {
      const verifier = form.get('code_verifier') ?? '';
      const computed = createHash('sha256').update(verifier).digest('base64url');
      if (!verifier || !sameText(computed, grant.codeChallenge)) {
        sendOauthError(res, 400, 'invalid_grant', 'Invalid "code_verifier".');
        return;
      }
    }
    const accessToken = randomBytes(24).toString('base64url');
    tokens.set(accessToken, {
      userId: grant.userId,
      scopes: grant.scopes,
      expiresAt: ctx.now() + TOKEN_TTL_S * 1000,
    });
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(
      JSON.stringify({
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: TOKEN_TTL_S,
        refresh_token: randomBytes(24).toString('base64url'),
        scope: grant.scopes.join(' '),
      }),
    );
  }

  function me(req: IncomingMessage, res: ServerResponse) {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const grant = tokens.get(bearer);
    const user = grant && grant.expiresAt > ctx.now() ? ctx.store.user(grant.userId) : undefined;
    if (!user) {
      res
        .writeHead(401, { 'content-type': 'application/json' })
        .end(JSON.stringify({ message: '401: Unauthorized', code: 0 }));
      return;
    }
    const email = grant!.scopes.includes('email')
      ? { email: `${user.username}@users.discord.invalid`, verified: true }
      : {};
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ ...apiUser(user), ...email }));
  }

  return async (req, res, path, url, extras) => {
    const method = req.method ?? 'GET';
    if (path === '/oauth2/authorize' && (method === 'GET' || method === 'POST')) {
      await authorize(req, res, url, extras);
      return true;
    }
    if (/^\/api(\/v\d+)?\/oauth2\/token$/.test(path) && method === 'POST') {
      await token(req, res, extras);
      return true;
    }
    // A Bearer token is a person's; the bot's own `Bot` calls go on to the REST API.
    if (
      /^\/api(\/v\d+)?\/users\/@me$/.test(path) &&
      method === 'GET' &&
      /^Bearer /.test(req.headers.authorization ?? '')
    ) {
      me(req, res);
      return true;
    }
    return false;
  };
}

/** The application's OAuth2 client secret, made once and kept with the other keys. */
export function clientSecretOf(ctx: Ctx): string {
  if (!ctx.keys.clientSecret) {
    ctx.keys.clientSecret = randomBytes(24).toString('base64url');
    ctx.store.changed();
  }
  return ctx.keys.clientSecret;
}
