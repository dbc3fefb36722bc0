import { requestJson } from './request.ts';

/** GET /api/changelog/entrycount. */
export const fetchEntryCount = async () =>
  (await requestJson<{ count: number }>('/api/changelog/entrycount')).count;
