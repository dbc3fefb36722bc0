import { type Db, type UserRow, searchUsers } from '@app/db';
import { USERS_PAGE_SIZE } from '@app/domain';
import { z } from 'zod';

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
  const rows = await searchUsers(db, {
    query,
    isUserId: z.uuid().safeParse(query).success,
    limit: USERS_PAGE_SIZE + 1,
    offset: (page - 1) * USERS_PAGE_SIZE,
  });
  return { users: rows.slice(0, USERS_PAGE_SIZE), hasMore: rows.length > USERS_PAGE_SIZE };
}
