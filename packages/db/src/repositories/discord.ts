import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { type DiscordDeliveryRow, discordDeliveries, jobs } from '../schema/index.ts';

export type { DiscordDeliveryRow } from '../schema/discord.ts';
export type NewDiscordDelivery = Omit<
  typeof discordDeliveries.$inferInsert,
  'state' | 'claimedAt' | 'attemptedAt' | 'messageId' | 'postedAt' | 'createdAt'
>;

const ENDED = ['succeeded', 'failed', 'cancelled'] as const;

/** Rows whose claim may be taken: waiting, or pending for longer than `leaseMs` (its poster died). */
function claimable(leaseMs: number) {
  return or(
    eq(discordDeliveries.state, 'waiting'),
    and(
      eq(discordDeliveries.state, 'pending'),
      lt(discordDeliveries.claimedAt, sql`now() - make_interval(secs => ${leaseMs / 1000})`),
    ),
  );
}

/**
 * Claims the right to post the result of an ended job: one conditional update, so exactly one of
 * any number of racing processes gets the row back.
 */
export async function claimDiscordDelivery(
  db: DbOrTx,
  jobId: string,
  leaseMs: number,
): Promise<DiscordDeliveryRow | null> {
  const ended = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), inArray(jobs.status, [...ENDED])));
  const [row] = await db
    .update(discordDeliveries)
    .set({ state: 'pending', claimedAt: sql`now()` })
    .where(
      and(eq(discordDeliveries.jobId, jobId), claimable(leaseMs), inArray(discordDeliveries.jobId, ended)),
    )
    .returning();
  return row ?? null;
}

/**
 * Notes that a post is about to go out under this claim. A later claim that finds the note knows
 * Discord may already hold the message (the poster died, or lost the answer, after sending it).
 */
export async function markDiscordDeliveryAttempted(db: DbOrTx, jobId: string): Promise<void> {
  await db
    .update(discordDeliveries)
    .set({ attemptedAt: sql`now()` })
    .where(eq(discordDeliveries.jobId, jobId));
}

export async function markDiscordDeliveryPosted(db: DbOrTx, jobId: string, messageId: string): Promise<void> {
  await db
    .update(discordDeliveries)
    .set({ state: 'posted', messageId, postedAt: sql`now()` })
    .where(eq(discordDeliveries.jobId, jobId));
}

/** Gives a claim back after a failed post, so the next sweep tries again. */
export async function releaseDiscordDelivery(db: DbOrTx, jobId: string): Promise<void> {
  await db
    .update(discordDeliveries)
    .set({ state: 'waiting', claimedAt: null })
    .where(and(eq(discordDeliveries.jobId, jobId), eq(discordDeliveries.state, 'pending')));
}

/** Ended jobs whose result still has to be posted (none posted, or a stale claim), oldest first. */
export async function dueDiscordDeliveries(db: DbOrTx, leaseMs: number, limit: number): Promise<string[]> {
  const rows = await db
    .select({ jobId: discordDeliveries.jobId })
    .from(discordDeliveries)
    .innerJoin(jobs, eq(jobs.id, discordDeliveries.jobId))
    .where(and(claimable(leaseMs), inArray(jobs.status, [...ENDED])))
    .orderBy(discordDeliveries.createdAt)
    .limit(limit);
  return rows.map((row) => row.jobId);
}

export async function findDiscordDelivery(db: DbOrTx, jobId: string): Promise<DiscordDeliveryRow | null> {
  const [row] = await db.select().from(discordDeliveries).where(eq(discordDeliveries.jobId, jobId));
  return row ?? null;
}

/**
 * Queued answers that may need an edit now: the job's interaction token still lives, the last
 * edit is at least `minIntervalMs` old, and the job is under way or ended since the last edit.
 * Oldest interactions first.
 */
export async function queueAnswersToRefresh(
  db: DbOrTx,
  input: { tokenLifeMs: number; minIntervalMs: number; limit: number },
): Promise<{ delivery: DiscordDeliveryRow; job: typeof jobs.$inferSelect }[]> {
  return db
    .select({ delivery: discordDeliveries, job: jobs })
    .from(discordDeliveries)
    .innerJoin(jobs, eq(jobs.id, discordDeliveries.jobId))
    .where(
      and(
        inArray(discordDeliveries.kind, ['channel', 'dm']),
        sql`${discordDeliveries.interactionAt} > now() - make_interval(secs => ${input.tokenLifeMs / 1000})`,
        or(
          sql`${discordDeliveries.statusEditedAt} is null`,
          lt(
            discordDeliveries.statusEditedAt,
            sql`now() - make_interval(secs => ${input.minIntervalMs / 1000})`,
          ),
        ),
        or(
          inArray(jobs.status, ['queued', 'running']),
          sql`${jobs.finishedAt} > coalesce(${discordDeliveries.statusEditedAt}, ${discordDeliveries.interactionAt})`,
        ),
      ),
    )
    .orderBy(discordDeliveries.interactionAt)
    .limit(input.limit);
}

/**
 * Takes the right to edit a queued answer to `text`: one conditional update, so among processes
 * one edits it, not more often than every `minIntervalMs`, and never to the text it already shows.
 */
export async function claimQueueAnswerEdit(
  db: DbOrTx,
  jobId: string,
  text: string,
  minIntervalMs: number,
): Promise<boolean> {
  const rows = await db
    .update(discordDeliveries)
    .set({ statusText: text, statusEditedAt: sql`now()` })
    .where(
      and(
        eq(discordDeliveries.jobId, jobId),
        sql`${discordDeliveries.statusText} is distinct from ${text}`,
        or(
          sql`${discordDeliveries.statusEditedAt} is null`,
          lt(discordDeliveries.statusEditedAt, sql`now() - make_interval(secs => ${minIntervalMs / 1000})`),
        ),
      ),
    )
    .returning({ jobId: discordDeliveries.jobId });
  return rows.length > 0;
}

/** Notes the text a queued answer was first sent with, so the first edit is a real change. */
export async function noteQueueAnswer(db: DbOrTx, jobId: string, text: string): Promise<void> {
  await db
    .update(discordDeliveries)
    .set({ statusText: text })
    .where(and(eq(discordDeliveries.jobId, jobId), sql`${discordDeliveries.statusText} is null`));
}
