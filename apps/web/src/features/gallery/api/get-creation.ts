import type { CreationBody } from '@app/domain';
import { jobRequest } from '@/api/jobs.ts';

/** GET /api/creations/:id: the creation and its creator's name (404 when private or gone). */
export const getCreation = (id: string) =>
  jobRequest<CreationBody>('GET', `/api/creations/${encodeURIComponent(id)}`);
