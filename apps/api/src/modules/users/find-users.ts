import { type Db, type UserRow, users } from '@app/db';
import { USERS_PAGE_SIZE } from '@app/domain';
import { asc, eq, ilike, or } from 'drizzle-orm';
import { z } from 'zod';

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Admin search by name (part of it), email (part of it), Discord id or user id; paged. */
export async function findUsers({
  db,
  query,
  page,
}: {
  db: Db;
  query: string;
  page: number;
}): Promise<{ users: UserRow[]; hasMore: boolean }> {
  const pattern = `%${escapeLike(query)}%`;
  const where = query
    ? or(
        ilike(users.discordName, pattern),
        ilike(users.email, pattern),
        eq(users.discordId, query),
        z.uuid().safeParse(query).success ? eq(users.id, query) : undefined,
      )
    : undefined;
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(asc(users.discordName), asc(users.id))
    .limit(USERS_PAGE_SIZE + 1)
    .offset((page - 1) * USERS_PAGE_SIZE);
  return { users: rows.slice(0, USERS_PAGE_SIZE), hasMore: rows.length > USERS_PAGE_SIZE };
}
