import type { ChangelogContent, ChangelogEntryWire } from '@app/domain';
import { jsonInit, requestJson } from './request.ts';

/** POST /api/changelog {content} (admins). */
export const addEntry = (content: ChangelogContent) =>
  requestJson<ChangelogEntryWire>('/api/changelog', jsonInit('POST', { content }));
