import type { CostWire, JobWire } from '@app/domain';
import {
  type ActionExtra,
  type JobAction,
  type JobEvent,
  JobApiError,
  type JobService,
} from '@/lib/job-service.ts';

export { JobApiError, type JobAction } from '@/lib/job-service.ts';

const NETWORK = 'Could not reach the server. Check your connection and try again.';

/** JSON calls of the job API. Plain fetch, so pages outside the store (the gallery) use them too. */
export async function jobRequest<T>(method: string, url: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'include',
      headers: { accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch {
    throw new JobApiError(0, 'NETWORK', NETWORK);
  }
  const data = (await response.json().catch(() => null)) as
    | (T & {
        error?: { code: string; message: string; cost?: CostWire; balance?: CostWire; refusalId?: string };
      })
    | null;
  if (!response.ok) {
    const error = data?.error;
    throw new JobApiError(
      response.status,
      error?.code ?? 'ERROR',
      error?.message ?? 'Something went wrong. Please try again.',
      error?.cost,
      error?.balance,
      error?.refusalId,
    );
  }
  return data as T;
}

export const newRequestId = () => `web-${crypto.randomUUID()}`;

/** "This was a mistake": the refusal goes to the moderation queue as an appeal. */
export const appealRefusal = (refusalId: string) =>
  jobRequest<{ appealed: true; itemId: string }>(
    'POST',
    `/api/refusals/${encodeURIComponent(refusalId)}/appeal`,
    {},
  );

export const getJob = (id: string) => jobRequest<{ job: JobWire }>('GET', `/api/jobs/${id}`);

export const submitJob = (body: {
  command: string;
  options: Record<string, string | number | boolean>;
  requestId: string;
}) => jobRequest<{ job: JobWire }>('POST', '/api/jobs', body);

export const actOnJob = (id: string, action: JobAction, prompt?: string, extra: ActionExtra = {}) =>
  jobRequest<{ job: JobWire }>('POST', `/api/jobs/${id}/actions`, {
    action,
    ...(prompt ? { prompt } : {}),
    ...extra,
    requestId: newRequestId(),
  });

export const loveJob = (id: string) =>
  jobRequest<{ loved: boolean; loves: number }>('POST', `/api/jobs/${id}/love`);

export const cancelJob = (id: string) => jobRequest<{ job: JobWire }>('POST', `/api/jobs/${id}/cancel`);

export const deleteJob = (id: string) => jobRequest<{ deleted: true }>('DELETE', `/api/jobs/${id}`);

export const setJobPublic = (id: string, isPublic: boolean) =>
  jobRequest<{ job: JobWire }>('PATCH', `/api/jobs/${id}`, { public: isPublic });

export interface JobPage {
  jobs: JobWire[];
  nextCursor: string | null;
}

/** The public gallery (`kind` narrows it) or, with `mine`, the caller's own jobs. */
export const listJobs = (query: {
  mine?: boolean;
  kind?: string;
  cursor?: string | null;
  limit?: number;
}) => {
  const params = new URLSearchParams();
  if (query.mine) params.set('mine', 'true');
  if (query.kind) params.set('kind', query.kind);
  if (query.cursor) params.set('cursor', query.cursor);
  if (query.limit) params.set('limit', String(query.limit));
  return jobRequest<JobPage>('GET', `/api/jobs?${params}`);
};

/** `GET /api/jobs/:id/events`: EventSource reconnects by itself after a dropped line. */
export function watchJob(id: string, onEvent: (event: JobEvent) => void): () => void {
  const source = new EventSource(`/api/jobs/${id}/events`, { withCredentials: true });
  source.addEventListener('job', (event) => {
    onEvent(JSON.parse((event as MessageEvent<string>).data) as JobEvent);
  });
  return () => source.close();
}

/** The job card's way to the server. */
export const jobService: JobService = {
  get: getJob,
  watch: watchJob,
  act: actOnJob,
  love: loveJob,
  cancel: cancelJob,
  remove: deleteJob,
  appeal: appealRefusal,
};
