import { createHash } from 'node:crypto';
import { type Db, markAccountNoticeAttempted, markAccountNoticeSent, recordAccountNotice } from '@app/db';

/** How account notices reach people: a Discord direct message through the bot's REST client. */
export interface AccountNotifier {
  /**
   * Sends `content` to the user's DMs; `nonce` makes a repeat within minutes return the first.
   * `undeliverable` when Discord refuses for good (an unknown user, DMs closed); throws when it
   * may work later.
   */
  directMessage(discordUserId: string, content: string, nonce: string): Promise<'sent' | 'undeliverable'>;
  /** Absolute base of our own pages, for links in the message. */
  publicUrl(): string;
}

/** A Discord nonce (at most 25 characters) made from the notice's key. */
export const noticeNonce = (key: string) =>
  BigInt(`0x${createHash('sha256').update(key).digest('hex').slice(0, 24)}`).toString(36);

/**
 * Tells a user something about their account once per `key`. The notice is recorded before the
 * message goes out and marked sent after it, so a retry (a redelivered webhook after a crash or a
 * Discord failure) sends only what is still unsent; the nonce lets Discord fold a repeat of a send
 * whose answer was lost into the first. A failure to send throws, so the caller's retry comes back.
 */
export async function sendAccountNotice({
  db,
  notifier,
  user,
  key,
  kind,
  content,
}: {
  db: Db;
  notifier: AccountNotifier | undefined;
  user: { id: string; discordId: string | null };
  key: string;
  kind: string;
  content: string;
}): Promise<'sent' | 'already-sent' | 'no-channel' | 'undeliverable'> {
  const notice = await recordAccountNotice(db, { key, userId: user.id, kind });
  if (notice.sentAt) return 'already-sent';
  if (!notifier || !user.discordId) return 'no-channel';
  await markAccountNoticeAttempted(db, key);
  const outcome = await notifier.directMessage(user.discordId, content, noticeNonce(key));
  // Either way it is settled: a refusal for good is not tried again on every redelivery.
  await markAccountNoticeSent(db, key);
  return outcome;
}
