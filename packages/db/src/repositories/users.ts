import { and, asc, eq, getTableColumns, gt, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';
import { users } from '../schema/users.ts';
import { updateUserFields } from './user-fields.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
/** The columns a user edit may change; balances move only through the ledger. */
export type UserChanges = Partial<
  Pick<UserRow, 'discordName' | 'email' | 'role' | 'subscriptionStatus' | 'cancelFlag' | 'stripeCustomerId'>
>;

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByDiscordId(db: DbOrTx, discordId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.discordId, discordId));
  return row;
}

export async function findUserByCustomerId(db: DbOrTx, customerId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.stripeCustomerId, customerId));
  return row;
}

/**
 * A user of the local sign-in (embedded default only, where Discord is the emulator): found by
 * name. Local users carry emulator Discord ids so the channel page acts as them; the oldest
 * account of a name wins.
 */
export async function findLocalUser(db: DbOrTx, discordName: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(eq(users.discordName, discordName))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1);
  return row;
}

export async function createUser(db: DbOrTx, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

/** Creates the user of a Discord account; undefined when a concurrent sign-in created it first. */
export async function createDiscordUserIfAbsent(
  db: DbOrTx,
  values: NewUser & { discordId: string },
): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: users.discordId })
    .returning();
  return row;
}

/** Creates a local (no Discord id) user of that name; undefined when one already exists. */
export async function createLocalUserIfAbsent(db: DbOrTx, values: NewUser): Promise<UserRow | undefined> {
  // With a Discord id the id is what must be unique (the local-name index covers id-less rows).
  const [row] = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing(
      values.discordId
        ? { target: users.discordId }
        : { target: users.discordName, where: sql`${users.discordId} is null` },
    )
    .returning();
  return row;
}

export async function updateUser(db: DbOrTx, id: string, changes: UserChanges): Promise<UserRow | undefined> {
  return updateUserFields(db, id, changes);
}

/**
 * Stores the user's payment customer id unless one is already stored; returns the id the user has
 * afterwards, so two concurrent first purchases agree on one customer.
 */
export async function claimCustomerId(db: DbOrTx, userId: string, customerId: string): Promise<string> {
  const [stored] = await db
    .update(users)
    .set({ stripeCustomerId: customerId, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.stripeCustomerId)))
    .returning({ id: users.stripeCustomerId });
  if (stored?.id) return stored.id;
  const [row] = await db.select({ id: users.stripeCustomerId }).from(users).where(eq(users.id, userId));
  return row?.id ?? customerId;
}

/**
 * Removes what identifies a user while their row stays, so the append-only ledger and the gift
 * codes they redeemed keep pointing at it. The Discord id becomes a marker no Discord account or
 * local sign-in can match.
 */
export async function anonymiseUser(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(users)
    .set({
      discordId: `deleted:${id}`,
      discordName: 'Deleted user',
      email: null,
      role: 'user',
      subscriptionStatus: 'free',
      cancelFlag: '0',
      updatedAt: new Date(),
    })
    .where(eq(users.id, id));
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * Users whose name or email contains `query`, or whose Discord id or user id it is, by name;
 * `isUserId` says whether the query is shaped like a user id (comparing a non-uuid to one fails).
 */
export async function searchUsers(
  db: DbOrTx,
  { query, isUserId, limit, offset }: { query: string; isUserId: boolean; limit: number; offset: number },
): Promise<UserRow[]> {
  const pattern = `%${escapeLike(query)}%`;
  const where: SQL | undefined = query
    ? or(
        ilike(users.discordName, pattern),
        ilike(users.email, pattern),
        eq(users.discordId, query),
        isUserId ? eq(users.id, query) : undefined,
      )
    : undefined;
  return db
    .select()
    .from(users)
    .where(where)
    .orderBy(asc(users.discordName), asc(users.id))
    .limit(limit)
    .offset(offset);
}

/**
 * The local sign-in user of this name, created when new, in one statement: concurrent sign-ins
 * of one name all get the same user (the partial unique index on names without a Discord id).
 */
export async function upsertLocalUser(
  db: DbOrTx,
  discordName: string,
): Promise<{ user: UserRow; created: boolean }> {
  const [row] = await db
    .insert(users)
    .values({ discordName })
    .onConflictDoUpdate({
      target: users.discordName,
      targetWhere: sql`${users.discordId} is null`,
      // A no-op update, so the existing row is returned.
      set: { discordName: sql`excluded.discord_name` },
    })
    // xmax is 0 only on a row this statement inserted, not on one it updated.
    .returning({ ...getTableColumns(users), created: sql<boolean>`(xmax = 0)` });
  const { created, ...user } = row!;
  return { user, created };
}

/** Links a Discord id to a user that has none; answers the id the user has afterwards. */
export async function setDiscordIdIfAbsent(
  db: DbOrTx,
  userId: string,
  discordId: string,
): Promise<string | null> {
  await db
    .update(users)
    .set({ discordId, updatedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.discordId)));
  const [row] = await db.select({ discordId: users.discordId }).from(users).where(eq(users.id, userId));
  return row?.discordId ?? null;
}

/** A person's defaults (`/settings`, the studio); only the fields given change. */
export async function updateUserSettings(
  db: DbOrTx,
  id: string,
  changes: Partial<
    Pick<UserRow, 'defaultAspect' | 'defaultLoraWeight' | 'privateByDefault' | 'matureDisplay' | 'remix'>
  >,
): Promise<UserRow | undefined> {
  return updateUserFields(db, id, changes);
}

/** The channel on which a user's plan change is announced to every process (their user id). */
export const PLAN_CHANGES_CHANNEL = 'plan_changes';

/** Announces that a user's plan changed (on commit of the surrounding transaction, or at once). */
export async function publishPlanChange(db: DbOrTx, userId: string): Promise<void> {
  await db.execute(sql`select pg_notify(${PLAN_CHANGES_CHANNEL}, ${userId})`);
}

/** Users with a Discord account, by id after `afterId`, for passes over every member. */
export async function listDiscordUsers(
  db: DbOrTx,
  afterId: string | null,
  limit: number,
): Promise<{ id: string; discordId: string; subscriptionStatus: string }[]> {
  const rows = await db
    .select({ id: users.id, discordId: users.discordId, subscriptionStatus: users.subscriptionStatus })
    .from(users)
    .where(and(isNotNull(users.discordId), afterId ? gt(users.id, afterId) : undefined))
    .orderBy(users.id)
    .limit(limit);
  return rows.map((row) => ({ ...row, discordId: row.discordId! }));
}

/** Discord results as classic messages (true) or Components V2 cards (false, the default). */
export async function setDiscordClassicResults(
  db: DbOrTx,
  userId: string,
  classic: boolean,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ discordClassicResults: classic, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row!;
}
