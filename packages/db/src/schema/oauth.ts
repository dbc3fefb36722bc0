import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Pending Discord sign-ins: one row per `state` handed to Discord, deleted when the callback uses
 * it, so a state works once. The PKCE verifier stays here, never in the browser.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    /** SHA-256 of the state; the state itself lives only in the browser's cookie and the URL. */
    stateHash: text('state_hash').primaryKey(),
    codeVerifier: text('code_verifier').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('oauth_states_expires_idx').on(table.expiresAt)],
);
