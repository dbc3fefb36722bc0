import type { ChangelogContent, ChangelogEntryWire } from '@app/domain';
import { jsonInit, requestJson } from './request.ts';

/** PUT /api/changelog/{id} {content: the entry fields without id} (admins). */
export const updateEntry = (id: number, content: ChangelogContent) =>
  requestJson<ChangelogEntryWire>(`/api/changelog/${id}`, jsonInit('PUT', { content }));
