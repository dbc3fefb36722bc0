import { createHash } from 'node:crypto';
import { type DbOrTx, runStatement } from './client.ts';

/** A NOTIFY to send: its channel and payload. */
export interface Notice {
  channel: string;
  payload: string;
}

/** pg-boss's NOTIFY channel for new jobs (its payload is the queue's name), where workers wake up. */
export const QUEUE_NOTIFY_CHANNEL = `pgboss_${createHash('sha224').update('pgboss').digest('hex').slice(0, 24)}`;

/**
 * Several NOTIFYs in one statement, in the order given. The statement writes nothing else, so its
 * commit takes no disk flush.
 */
const NOTIFY_MANY = `
  SELECT count(pg_notify(n.channel, n.payload))::int AS sent
  FROM (SELECT * FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS u (channel, payload, place)
    ORDER BY u.place) AS n`;

interface Outbox {
  pending: Notice[];
  sending: boolean;
  idle: (() => void)[];
}

const outboxes = new WeakMap<object, Outbox>();

/**
 * Sends notices on their own, after the transaction that made them true has committed. PostgreSQL
 * serializes every committing transaction that sent a NOTIFY, across the whole server, until its
 * commit is on disk; a NOTIFY inside a submission or a claim would make every one of them wait for
 * the others' disk flushes. Sent here, the writes commit side by side and the notices follow in a
 * statement of their own, which flushes nothing.
 *
 * Notices asked for while a statement is on its way go out together in the next one, in the order
 * asked. They are wake-ups, never the only record: when the database cannot be reached they are
 * dropped, and every listener has its own way to catch up (the dispatchers poll the queue, the
 * Discord delivery sweeps for due deliveries, an event stream reads the job when it opens).
 */
export function notifyAfterCommit(db: DbOrTx, notices: readonly Notice[]): void {
  if (notices.length === 0) return;
  let outbox = outboxes.get(db);
  if (!outbox) outboxes.set(db, (outbox = { pending: [], sending: false, idle: [] }));
  outbox.pending.push(...notices);
  if (!outbox.sending) send(db, outbox);
}

function send(db: DbOrTx, outbox: Outbox): void {
  const batch = outbox.pending;
  outbox.pending = [];
  outbox.sending = true;
  runStatement(db, 'notify-many', NOTIFY_MANY, [batch.map((n) => n.channel), batch.map((n) => n.payload)])
    .catch(() => {})
    .finally(() => {
      outbox.sending = false;
      if (outbox.pending.length) return send(db, outbox);
      for (const resolve of outbox.idle.splice(0)) resolve();
    });
}

/** Resolves once every notice asked for on `db` so far has been sent (or dropped). */
export function noticesSent(db: DbOrTx): Promise<void> {
  const outbox = outboxes.get(db);
  if (!outbox?.sending) return Promise.resolve();
  return new Promise((resolve) => outbox.idle.push(resolve));
}
