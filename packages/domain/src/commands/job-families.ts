/**
 * The kinds of generation job; each is served by one provider and paid in one currency. The one
 * list: the queues, the providers, the wire schemas and the job table's check constraint read it.
 */
export const JOB_FAMILIES = ['image', 'video', 'audio', 'lipsync', 'lora'] as const;

export type JobFamily = (typeof JOB_FAMILIES)[number];
