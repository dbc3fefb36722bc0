import type { CostWire, ImageActionName, JobWire } from '@app/domain';

/** A refused call, with the server's code and words (and, for 402, what the job costs and what you have). */
export class JobApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly cost?: CostWire,
    readonly balance?: CostWire,
    /** A refused prompt's refusal, which the person can appeal ("this was a mistake"). */
    readonly refusalId?: string,
  ) {
    super(message);
  }
}

export type JobAction = 'reroll' | 'edit' | ImageActionName;

/** Which image of a grid an image action works from, and Custom Zoom's factor. */
export interface ActionExtra {
  index?: number;
  factor?: number;
}

/** What a job's live event carries. */
export type JobEvent = Pick<JobWire, 'status' | 'progress'>;

/**
 * What the job card needs from the server. The data layer (`@/api/jobs.ts`) implements it; the
 * card receives it as a prop, so the UI holds no requests of its own and a test can hand it a
 * stand-in.
 */
export interface JobService {
  get(id: string): Promise<{ job: JobWire }>;
  /** Calls `onEvent` on each status or progress change until the returned function is called. */
  watch(id: string, onEvent: (event: JobEvent) => void): () => void;
  act(id: string, action: JobAction, prompt?: string, extra?: ActionExtra): Promise<{ job: JobWire }>;
  love(id: string): Promise<{ loved: boolean; loves: number }>;
  cancel(id: string): Promise<{ job: JobWire }>;
  remove(id: string): Promise<unknown>;
  /** "This was a mistake" about a refused prompt (an edit's): an appeal to the moderators. */
  appeal?(refusalId: string): Promise<unknown>;
}
