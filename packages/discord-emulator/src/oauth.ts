import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from './ctx.ts';
import { notFound } from './errors.ts';
import { MAX_BODY, sendError, sendJson } from './http.ts';
import { apiUser, GUILD_NAME, type DiscordUserSeed } from './users.ts';

/**
 * What Discord's OAuth2 offers a site's "Sign in with Discord" (Topics › OAuth2 › Authorization
 * Code Grant): the authorize page with its consent, the code exchange at `/api/v10/oauth2/token`
 * (client credentials, `redirect_uri`, PKCE), and `GET /api/v10/users/@me` with the Bearer token.
 * Codes and tokens live in memory: a restart signs everyone out, as a revoked grant would.
 * Forms (the consent page's, the token request) come `application/x-www-form-urlencoded`.
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

const sendOauthError = (reply: FastifyReply, status: number, error: string, description: string) =>
  sendJson(reply, status, { error, error_description: description }, { 'cache-control': 'no-store' });

function page(reply: FastifyReply, status: number, title: string, content: string) {
  return reply.status(status).headers({
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action *",
    'x-frame-options': 'DENY',
  }).send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
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

/** The form sent, or none when the body was of another type. */
const formOf = (request: FastifyRequest) =>
  request.body instanceof URLSearchParams ? request.body : new URLSearchParams();

export interface DiscordOAuth {
  /** The authorize page and the token exchange, with Bearer `GET /users/@me` outside `/api/v10`. */
  routes(app: FastifyInstance): Promise<void>;
  /** `GET /users/@me` for a person's Bearer token. */
  me(request: FastifyRequest, reply: FastifyReply): FastifyReply;
}

export function discordOAuth(ctx: Ctx): DiscordOAuth {
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
  const cookieUser = (request: FastifyRequest) => {
    const m = new RegExp(`(?:^|;\\s*)${USER_COOKIE}=(\\d+)`).exec(request.headers.cookie ?? '');
    return (m && ctx.store.user(m[1]!)) || undefined;
  };
  const issueCode = (grant: Omit<Grant, 'expiresAt'>) => {
    const code = randomBytes(24).toString('base64url');
    codes.set(code, { ...grant, expiresAt: ctx.now() + CODE_TTL_MS });
    return code;
  };

  function consentPage(reply: FastifyReply, params: URLSearchParams, signedIn?: DiscordUserSeed) {
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
    return page(
      reply,
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

  function authorize(request: FastifyRequest, reply: FastifyReply) {
    const post = request.method === 'POST';
    const params = post ? formOf(request) : new URL(request.url, 'http://emulator.local').searchParams;
    const checked = readAuthorizeRequest(ctx, params);
    if (!checked.request)
      return page(
        reply,
        400,
        'Invalid request',
        `<h1>Invalid OAuth2 request</h1><p>${escape(checked.error)}</p>`,
      );
    const asked = checked.request;
    if (!post) {
      const signedIn = cookieUser(request);
      if (asked.prompt === 'none' && signedIn && approved.has(signedIn.id)) {
        const code = issueCode({ userId: signedIn.id, ...asked });
        return reply.redirect(back(asked.redirectUri, { code, state: asked.state }), 302);
      }
      return consentPage(reply, params, signedIn);
    }
    if (request.headers['sec-fetch-site'] === 'cross-site')
      return page(reply, 403, 'Refused', '<h1>Cross-site requests are refused.</h1>');
    if (params.get('decision') !== 'authorize') {
      const location = back(asked.redirectUri, {
        error: 'access_denied',
        error_description: 'The resource owner or authorization server denied the request',
        state: asked.state,
      });
      return reply.redirect(location, 302);
    }
    const user = ctx.store.user(params.get('user_id') ?? '');
    if (!user) return page(reply, 400, 'Invalid request', '<h1>Choose an account.</h1>');
    approved.add(user.id);
    const code = issueCode({ userId: user.id, ...asked });
    return reply
      .header(
        'set-cookie',
        `${USER_COOKIE}=${user.id}; Path=${ctx.settings.prefix || '/'}; HttpOnly; SameSite=Lax`,
      )
      .redirect(back(asked.redirectUri, { code, state: asked.state }), 302);
  }

  function token(request: FastifyRequest, reply: FastifyReply) {
    if (!(request.body instanceof URLSearchParams))
      return sendOauthError(
        reply,
        400,
        'invalid_request',
        'The body must be application/x-www-form-urlencoded.',
      );
    const form = request.body;
    // Client credentials in the body or as HTTP Basic, as Discord accepts both.
    const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? '');
    const [basicId, basicSecret] = basic
      ? Buffer.from(basic[1]!, 'base64').toString('utf8').split(':')
      : [undefined, undefined];
    const clientId = form.get('client_id') ?? basicId ?? '';
    const clientSecret = form.get('client_secret') ?? basicSecret ?? '';
    if (clientId !== ctx.keys.applicationId || !sameText(clientSecret, clientSecretOf(ctx)))
      return sendOauthError(reply, 401, 'invalid_client', 'Invalid client credentials.');
    if (form.get('grant_type') !== 'authorization_code')
      return sendOauthError(reply, 400, 'unsupported_grant_type', 'Only authorization_code is supported.');
    const code = form.get('code') ?? '';
    const grant = codes.get(code);
    codes.delete(code); // a code is good once, whatever happens next
    if (!grant || grant.expiresAt < ctx.now())
      return sendOauthError(reply, 400, 'invalid_grant', 'Invalid "code" in request.');
    if (form.get('redirect_uri') !== grant.redirectUri)
      return sendOauthError(reply, 400, 'invalid_grant', 'Invalid "redirect_uri" in request.');
    if (grant.codeChallenge) {
      const verifier = form.get('code_verifier') ?? '';
      const computed = createHash('sha256').update(verifier).digest('base64url');
      if (!verifier || !sameText(computed, grant.codeChallenge))
        return sendOauthError(reply, 400, 'invalid_grant', 'Invalid "code_verifier".');
    }
    const accessToken = randomBytes(24).toString('base64url');
    tokens.set(accessToken, {
      userId: grant.userId,
      scopes: grant.scopes,
      expiresAt: ctx.now() + TOKEN_TTL_S * 1000,
    });
    return sendJson(
      reply,
      200,
      {
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: TOKEN_TTL_S,
        refresh_token: randomBytes(24).toString('base64url'),
        scope: grant.scopes.join(' '),
      },
      { 'cache-control': 'no-store' },
    );
  }

  function me(request: FastifyRequest, reply: FastifyReply) {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const grant = tokens.get(bearer);
    const user = grant && grant.expiresAt > ctx.now() ? ctx.store.user(grant.userId) : undefined;
    if (!user) return sendJson(reply, 401, { message: '401: Unauthorized', code: 0 });
    const email = grant!.scopes.includes('email')
      ? { email: `${user.username}@users.discord.invalid`, verified: true }
      : {};
    return sendJson(reply, 200, { ...apiUser(user), ...email });
  }

  return {
    me,
    async routes(app) {
      app.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: MAX_BODY },
        (_request, text, done) => done(null, new URLSearchParams(text as string)),
      );
      app.get('/oauth2/authorize', authorize);
      app.post('/oauth2/authorize', authorize);
      // Clients name the API version or leave it out; `/api/v10` is the REST API's own.
      for (const api of ['/api', '/api/:version(^v\\d+$)']) {
        app.post(`${api}/oauth2/token`, token);
        // A Bearer token is a person's; the bot's own `Bot` calls are the REST API's (`/api/v10`).
        app.get(`${api}/users/@me`, async (request, reply) => {
          if (!/^Bearer /.test(request.headers.authorization ?? '')) return sendError(reply, notFound());
          return me(request, reply);
        });
      }
    },
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
