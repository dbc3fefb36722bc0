import { createHash, randomBytes } from 'node:crypto';
import { type Db, saveOauthState, takeOauthState } from '@app/db';

const STATE_TTL_MS = 10 * 60 * 1000;
const hashState = (state: string) => createHash('sha256').update(state).digest('hex');
const base64url = (bytes: Buffer) => bytes.toString('base64url');

/**
 * Opens a sign-in attempt: a random `state` (for the cookie and the URL) and a PKCE verifier kept
 * on the server; Discord gets only the S256 challenge.
 */
export async function createDiscordLoginState({ db }: { db: Db }) {
  const state = base64url(randomBytes(32));
  const codeVerifier = base64url(randomBytes(32));
  const codeChallenge = base64url(createHash('sha256').update(codeVerifier).digest());
  const now = Date.now();
  await saveOauthState(
    db,
    { stateHash: hashState(state), codeVerifier, expiresAt: new Date(now + STATE_TTL_MS) },
    new Date(now),
  );
  return { state, codeChallenge, maxAgeSeconds: STATE_TTL_MS / 1000 };
}

/** Uses up a state: returns its verifier the first time, null when unknown, used or expired. */
export async function consumeDiscordLoginState({
  db,
  state,
}: {
  db: Db;
  state: string;
}): Promise<string | null> {
  const row = await takeOauthState(db, hashState(state));
  if (!row || row.expiresAt.getTime() < Date.now()) return null;
  return row.codeVerifier;
}
