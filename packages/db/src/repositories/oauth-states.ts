import { eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { oauthStates } from '../schema/oauth.ts';

/** Stores a pending sign-in, sweeping the ones that expired before `now`. */
export async function saveOauthState(
  db: DbOrTx,
  values: { stateHash: string; codeVerifier: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, now));
  await db.insert(oauthStates).values(values);
}

/** Deletes a pending sign-in and returns it (undefined when unknown or already used). */
export async function takeOauthState(
  db: DbOrTx,
  stateHash: string,
): Promise<{ codeVerifier: string; expiresAt: Date } | undefined> {
  const [row] = await db
    .delete(oauthStates)
    .where(eq(oauthStates.stateHash, stateHash))
    .returning({ codeVerifier: oauthStates.codeVerifier, expiresAt: oauthStates.expiresAt });
  return row;
}
