import { and, desc, eq, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../client.ts';
import {
  type BlocklistTermRow,
  type JobRow,
  type ModerationActionRow,
  type ModerationItemRow,
  type UserRow,
  auditLog,
  blocklistTerms,
  discordDeliveries,
  jobs,
  moderationActions,
  moderationItems,
  users,
} from '../schema/index.ts';
import { updateUserFields } from './user-fields.ts';

export type { BlocklistTermRow, ModerationActionRow, ModerationItemRow } from '../schema/moderation.ts';
export type NewModerationItem = typeof moderationItems.$inferInsert;
export type NewModerationAction = typeof moderationActions.$inferInsert;

export async function insertModerationItem(db: DbOrTx, values: NewModerationItem) {
  const [row] = await db.insert(moderationItems).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** Which moderation items a list or count takes; every field given must match. */
interface ItemFilter {
  status?: ModerationItemRow['status'];
  kind?: ModerationItemRow['kind'];
  /** Whose prompt or creation it is about. */
  subjectUserId?: string;
  reporterId?: string;
  /** Created at or after. */
  since?: Date;
  /** Only items no moderator overturned (a refusal whose appeal was upheld is overturned). */
  standing?: true;
}

function itemsWhere(filter: ItemFilter): SQL | undefined {
  const given = <T>(value: T | undefined, condition: (value: T) => SQL) =>
    value === undefined ? undefined : condition(value);
  return and(
    given(filter.status, (status) => eq(moderationItems.status, status)),
    given(filter.kind, (kind) => eq(moderationItems.kind, kind)),
    given(filter.subjectUserId, (id) => eq(moderationItems.subjectUserId, id)),
    given(filter.reporterId, (id) => eq(moderationItems.reporterId, id)),
    given(filter.since, (since) => gte(moderationItems.createdAt, since)),
    given(filter.standing, () => isNull(moderationItems.overturnedAt)),
  );
}

async function countItems(db: DbOrTx, filter: ItemFilter): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(moderationItems)
    .where(itemsWhere(filter));
  return row?.count ?? 0;
}

/** Refusals of this person's prompts since then; those overturned on appeal do not count. */
export async function countRefusalsSince(db: DbOrTx, userId: string, since: Date): Promise<number> {
  return countItems(db, { kind: 'refusal', subjectUserId: userId, since, standing: true });
}

/** Marks a refusal wrong (its appeal upheld): it stops counting toward a pause. Null when it is no refusal. */
export async function overturnRefusal(db: DbOrTx, id: string): Promise<ModerationItemRow | null> {
  const [row] = await db
    .update(moderationItems)
    .set({ overturnedAt: sql`coalesce(${moderationItems.overturnedAt}, now())` })
    .where(and(eq(moderationItems.id, id), eq(moderationItems.kind, 'refusal')))
    .returning();
  return row ?? null;
}

/** The open appeal of a refusal, if one was made. */
export async function findAppealOf(db: DbOrTx, refusalId: string): Promise<ModerationItemRow | null> {
  const [row] = await db
    .select()
    .from(moderationItems)
    .where(
      and(eq(moderationItems.kind, 'appeal'), sql`${moderationItems.details}->>'refusalId' = ${refusalId}`),
    )
    .limit(1);
  return row ?? null;
}

/** Reports this person sent since then. */
export async function countReportsSince(db: DbOrTx, reporterId: string, since: Date): Promise<number> {
  return countItems(db, { kind: 'report', reporterId, since });
}

export interface QueueItem {
  item: ModerationItemRow;
  person: Pick<UserRow, 'id' | 'discordName' | 'bannedAt' | 'pausedUntil'>;
  job: JobRow | null;
}

export async function listModerationItems(
  db: DbOrTx,
  query: { status: 'open' | 'resolved'; kind?: ModerationItemRow['kind']; limit: number },
): Promise<QueueItem[]> {
  const rows = await db
    .select({
      item: moderationItems,
      person: {
        id: users.id,
        discordName: users.discordName,
        bannedAt: users.bannedAt,
        pausedUntil: users.pausedUntil,
      },
      job: jobs,
    })
    .from(moderationItems)
    .innerJoin(users, eq(users.id, moderationItems.subjectUserId))
    .leftJoin(jobs, eq(jobs.id, moderationItems.jobId))
    .where(itemsWhere({ status: query.status, kind: query.kind }))
    .orderBy(desc(moderationItems.createdAt), desc(moderationItems.id))
    .limit(query.limit);
  return rows;
}

export async function getModerationItem(db: DbOrTx, id: string): Promise<ModerationItemRow | null> {
  const [row] = await db.select().from(moderationItems).where(eq(moderationItems.id, id));
  return row ?? null;
}

export async function setModerationItemStatus(
  db: DbOrTx,
  input: { id: string; status: 'open' | 'resolved'; actorId: string },
): Promise<ModerationItemRow | null> {
  const resolved = input.status === 'resolved';
  const [row] = await db
    .update(moderationItems)
    .set({
      status: input.status,
      resolvedAt: resolved ? new Date() : null,
      resolvedBy: resolved ? input.actorId : null,
    })
    .where(eq(moderationItems.id, input.id))
    .returning();
  return row ?? null;
}

export async function insertModerationAction(db: DbOrTx, values: NewModerationAction) {
  const [row] = await db.insert(moderationActions).values(values).returning();
  return row!;
}

export async function getModerationAction(db: DbOrTx, id: string): Promise<ModerationActionRow | null> {
  const [row] = await db.select().from(moderationActions).where(eq(moderationActions.id, id));
  return row ?? null;
}

/** Marks the action undone once; null when it already was. */
export async function markModerationActionUndone(db: DbOrTx, id: string, actorId: string) {
  const [row] = await db
    .update(moderationActions)
    .set({ undoneAt: new Date(), undoneBy: actorId })
    .where(and(eq(moderationActions.id, id), isNull(moderationActions.undoneAt)))
    .returning();
  return row ?? null;
}

/** Another live action of the same kind on the person (or creation), other than this one. */
export async function liveActionsOf(
  db: DbOrTx,
  input: { subjectUserId: string; action: ModerationActionRow['action']; jobId?: string | null },
) {
  return db
    .select()
    .from(moderationActions)
    .where(
      and(
        eq(moderationActions.subjectUserId, input.subjectUserId),
        eq(moderationActions.action, input.action),
        isNull(moderationActions.undoneAt),
        input.jobId ? eq(moderationActions.jobId, input.jobId) : undefined,
      ),
    );
}

export async function actionsForUsers(db: DbOrTx, userIds: string[]) {
  if (!userIds.length) return [];
  return db
    .select({ action: moderationActions, actorName: users.discordName })
    .from(moderationActions)
    .leftJoin(users, eq(users.id, moderationActions.actorId))
    .where(inArray(moderationActions.subjectUserId, userIds))
    .orderBy(desc(moderationActions.createdAt));
}

export async function setUserModeration(
  db: DbOrTx,
  id: string,
  changes: Partial<Pick<UserRow, 'bannedAt' | 'pausedUntil'>>,
): Promise<UserRow | null> {
  return (await updateUserFields(db, id, changes)) ?? null;
}

/** Pauses until `until` unless a longer pause already runs; answers the pause in force. */
export async function extendPause(db: DbOrTx, id: string, until: Date): Promise<Date> {
  const [row] = await db
    .update(users)
    .set({ pausedUntil: sql`greatest(coalesce(${users.pausedUntil}, ${until}), ${until})` })
    .where(eq(users.id, id))
    .returning({ pausedUntil: users.pausedUntil });
  return row?.pausedUntil ?? until;
}

export async function setUserPreferences(
  db: DbOrTx,
  id: string,
  changes: Partial<Pick<UserRow, 'privateByDefault' | 'ageBand' | 'guardianAcceptedAt'>>,
): Promise<UserRow | null> {
  return (await updateUserFields(db, id, changes)) ?? null;
}

export async function setJobHidden(db: DbOrTx, id: string, hidden: boolean): Promise<JobRow | null> {
  const [row] = await db
    .update(jobs)
    .set({ hiddenAt: hidden ? new Date() : null, updatedAt: new Date() })
    .where(eq(jobs.id, id))
    .returning();
  return row ?? null;
}

/** Sets a creation's content level (an admin's choice, or a mature submission's own). */
export async function setJobContentLevel(
  db: DbOrTx,
  id: string,
  contentLevel: JobRow['contentLevel'],
): Promise<JobRow | null> {
  const [row] = await db
    .update(jobs)
    .set({ contentLevel, updatedAt: new Date() })
    .where(eq(jobs.id, id))
    .returning();
  return row ?? null;
}

/** Announced by a trigger whenever the blocklist changes. */
export const BLOCKLIST_CHANGES_CHANNEL = 'blocklist_changes';

export async function listBlocklistTerms(db: DbOrTx): Promise<BlocklistTermRow[]> {
  return db.select().from(blocklistTerms).orderBy(blocklistTerms.category, blocklistTerms.term);
}

export async function getBlocklistTerm(db: DbOrTx, id: string): Promise<BlocklistTermRow | null> {
  const [row] = await db.select().from(blocklistTerms).where(eq(blocklistTerms.id, id));
  return row ?? null;
}

/** Null when the term (in any case) is already listed. */
export async function insertBlocklistTerm(
  db: DbOrTx,
  values: { term: string; category: string; substring?: boolean; createdBy: string },
): Promise<BlocklistTermRow | null> {
  const [row] = await db.insert(blocklistTerms).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateBlocklistTerm(
  db: DbOrTx,
  id: string,
  values: { term: string; category: string; substring?: boolean },
): Promise<BlocklistTermRow | null> {
  const [row] = await db
    .update(blocklistTerms)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(blocklistTerms.id, id))
    .returning();
  return row ?? null;
}

export async function deleteBlocklistTerm(db: DbOrTx, id: string): Promise<BlocklistTermRow | null> {
  const [row] = await db.delete(blocklistTerms).where(eq(blocklistTerms.id, id)).returning();
  return row ?? null;
}

export interface AuditFilters {
  /** A name or id of who acted. */
  actor?: string;
  /** An id of whom or what it was done to, or a name of the person it was done to. */
  target?: string;
  action?: string;
  from?: Date;
  /** Exclusive. */
  to?: Date;
  /** Entries older than this id (the next page). */
  before?: number;
  limit: number;
}

const UUID_TEXT = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
const contains = (text: string) => `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

/**
 * Newest first, with the names of who acted and of the person acted on (when the target is a
 * person), in one query. The audit log is append-only: nothing here or elsewhere updates or
 * deletes it.
 */
export async function listAuditEntries(db: DbOrTx, filters: AuditFilters) {
  const actors = alias(users, 'actor');
  const targets = alias(users, 'target');
  const conditions: (SQL | undefined)[] = [];
  if (filters.actor) {
    conditions.push(
      or(
        ilike(actors.discordName, contains(filters.actor)),
        sql`${auditLog.actorId}::text = ${filters.actor}`,
      ),
    );
  }
  if (filters.target) {
    conditions.push(
      or(eq(auditLog.targetId, filters.target), ilike(targets.discordName, contains(filters.target))),
    );
  }
  if (filters.action) conditions.push(eq(auditLog.action, filters.action));
  if (filters.from) conditions.push(gte(auditLog.createdAt, filters.from));
  if (filters.to) conditions.push(lt(auditLog.createdAt, filters.to));
  if (filters.before) conditions.push(lt(auditLog.id, filters.before));
  // Targets are people, changelog entries or blocklist terms; only a uuid can be a person's id
  // (cast on the audit side, so the person is found by their primary key).
  const targetPerson = sql`${targets.id} = case when ${auditLog.targetId} ~ ${UUID_TEXT} then ${auditLog.targetId}::uuid end`;
  return db
    .select({ entry: auditLog, actorName: actors.discordName, targetName: targets.discordName })
    .from(auditLog)
    .leftJoin(actors, eq(actors.id, auditLog.actorId))
    .leftJoin(targets, targetPerson)
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(filters.limit);
}

export async function auditActions(db: DbOrTx): Promise<string[]> {
  const rows = await db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(auditLog.action);
  return rows.map((row) => row.action);
}

/** The job whose result Discord shows in this message. */
export async function findJobIdByDiscordMessage(db: DbOrTx, messageId: string): Promise<string | null> {
  const [row] = await db
    .select({ jobId: discordDeliveries.jobId })
    .from(discordDeliveries)
    .where(eq(discordDeliveries.messageId, messageId))
    .limit(1);
  return row?.jobId ?? null;
}
