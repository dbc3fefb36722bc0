import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../client.ts';

/** The NOTIFY channel job status and progress changes are published on. */
export const JOB_EVENTS_CHANNEL = 'job_events';

export interface JobEvent {
  jobId: string;
  userId: string;
  status: string;
  progress: number;
}

/** Publishes on commit of the surrounding transaction (or at once outside one), to every listening process. */
export async function publishJobEvent(db: DbOrTx, event: JobEvent): Promise<void> {
  await db.execute(sql`select pg_notify(${JOB_EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}
