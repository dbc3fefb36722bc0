import { JOB_FAMILIES } from '@app/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './testing/index.ts';
import type { Database } from './client.ts';
import { createUser } from './repositories/users.ts';
import { insertJob } from './repositories/jobs.ts';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

describe('the job family check', () => {
  it('allows, after the migrations, exactly the families of the domain list', async () => {
    const result = await database.db.execute(sql`
      select pg_get_constraintdef(oid) as definition from pg_constraint
      where conrelid = 'jobs'::regclass and conname = 'jobs_family_known'`);
    const [row] = (result as { rows: { definition: string }[] }).rows;
    const allowed = [...(row?.definition ?? '').matchAll(/'([^']+)'/g)].map((match) => match[1]);
    expect(allowed).toEqual([...JOB_FAMILIES]);
  });

  it('refuses a job of a family the list does not have', async () => {
    const user = await createUser(database.db, { discordName: 'family' });
    const job = (family: string) =>
      insertJob(database.db, {
        userId: user.id,
        command: 'make',
        family: family as (typeof JOB_FAMILIES)[number],
        options: {},
        source: 'test',
        requestId: `family-${family}`,
      });
    await expect(job('image')).resolves.toMatchObject({ family: 'image' });
    await expect(job('hologram')).rejects.toThrow();
  });
});
