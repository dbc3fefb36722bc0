import type { ReportBody } from '@app/domain';
import { jobRequest } from './jobs.ts';

/** POST /api/creations/:id/report: a report to the moderators (signed in). */
export async function reportCreation(id: string, body: ReportBody): Promise<void> {
  await jobRequest<{ reported: true }>('POST', `/api/creations/${encodeURIComponent(id)}/report`, body);
}
