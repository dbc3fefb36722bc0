import { z } from 'zod';

/** The part of Discord's `users/@me` answer we read. */
const DiscordUser = z.object({
  id: z.string().min(1).max(32),
  username: z.string().min(1).max(64),
  global_name: z.string().max(64).nullish(),
  email: z.string().nullish(),
  verified: z.boolean().nullish(),
});
export type DiscordUser = z.infer<typeof DiscordUser>;

const TokenResponse = z.object({ access_token: z.string().min(1), token_type: z.string() });

export class DiscordLoginError extends Error {}

const TIMEOUT_MS = 10_000;

/** Exchanges the authorization code (with its PKCE verifier) and reads who signed in. */
export async function fetchDiscordAccount({
  discord,
  code,
  codeVerifier,
  redirectUri,
}: {
  discord: { clientId: string; clientSecret: string; apiUrl: string };
  code: string;
  codeVerifier: string;
  redirectUri: string;
}): Promise<DiscordUser> {
  const tokenResponse = await fetch(`${discord.apiUrl}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: codeVerifier,
      client_id: discord.clientId,
      client_secret: discord.clientSecret,
    }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!tokenResponse.ok) throw new DiscordLoginError(`token exchange answered ${tokenResponse.status}`);
  const token = TokenResponse.safeParse(await tokenResponse.json());
  if (!token.success) throw new DiscordLoginError('token exchange answered an unexpected shape');

  const userResponse = await fetch(`${discord.apiUrl}/users/@me`, {
    headers: { authorization: `Bearer ${token.data.access_token}`, accept: 'application/json' },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!userResponse.ok) throw new DiscordLoginError(`users/@me answered ${userResponse.status}`);
  const user = DiscordUser.safeParse(await userResponse.json());
  if (!user.success) throw new DiscordLoginError('users/@me answered an unexpected shape');
  return user.data;
}
