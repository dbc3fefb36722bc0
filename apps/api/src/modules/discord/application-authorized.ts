import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { BotDeps } from './bot-deps.ts';
import { resolveDiscordUser } from './resolve-discord-user.ts';

const Snowflake = z.string().regex(/^\d{1,20}$/);

/**
 * Discord's webhook event body (https://discord.com/developers/docs/events/webhook-events): a PING
 * (type 0), or an event (type 1) of which the bot reads `APPLICATION_AUTHORIZED` (a person or a
 * server added the app); other events are acknowledged and left alone.
 */
export const WebhookEventBody = z.looseObject({
  version: z.literal(1),
  application_id: Snowflake,
  type: z.union([z.literal(0), z.literal(1)]),
  event: z
    .looseObject({
      type: z.string().max(64),
      timestamp: z.string().max(64),
      data: z.unknown().optional(),
    })
    .optional(),
});
export type WebhookEventBody = z.infer<typeof WebhookEventBody>;

const AuthorizedData = z.looseObject({
  integration_type: z.union([z.literal(0), z.literal(1)]).optional(),
  user: z.looseObject({ id: Snowflake, username: z.string().min(1).max(100) }),
  scopes: z.array(z.string().max(64)).max(20),
});

/** The welcome a person gets in a DM when they add the app to their account. */
export function welcomeText(siteUrl: string): string {
  return (
    'Welcome to HyperCreate! I now work for you in any server and in DMs: try ' +
    '`/make prompt: a lighthouse at dusk`. `/help` lists every command, `/info` shows your credits, ' +
    `and your account is at ${siteUrl}.`
  );
}

/**
 * A person (or a server) added the app: their account is found by their Discord id, or made with
 * the welcome grant, as their first command would; a person who added it to their own account gets a
 * short welcome by DM. Discord repeats an event it did not see answered: the account is made once
 * (the unique Discord id), and the DM carries a nonce from the person and the event's time, so a
 * repeat within Discord's nonce window returns the first message instead of a second one.
 */
export async function applicationAuthorized(
  deps: BotDeps,
  event: { timestamp: string; data?: unknown },
  log: { warn(object: unknown, message?: string): void },
): Promise<'linked' | 'ignored'> {
  const checked = AuthorizedData.safeParse(event.data);
  if (!checked.success) return 'ignored';
  const { user, integration_type: integration } = checked.data;
  await resolveDiscordUser({ db: deps.database.db, discordId: user.id, username: user.username });
  if (integration !== 1) return 'linked';
  try {
    const api = deps.postingApi();
    const dm = await api.users.createDM(user.id);
    await api.channels.createMessage(dm.id, {
      content: welcomeText(deps.publicUrl()),
      allowed_mentions: { parse: [] },
      nonce: welcomeNonce(user.id, event.timestamp),
      enforce_nonce: true,
    });
  } catch (error) {
    // The account is made; a welcome Discord would not take (DMs closed) is not worth a retry.
    log.warn({ err: error, discordId: user.id }, 'Could not send the welcome DM');
  }
  return 'linked';
}

/** At most 25 characters, as Discord's nonce allows: a digest of the person and the event's time. */
export function welcomeNonce(discordId: string, timestamp: string): string {
  return createHash('sha256').update(`welcome:${discordId}:${timestamp}`).digest('base64url').slice(0, 25);
}
