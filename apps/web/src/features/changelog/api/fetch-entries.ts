import type { ChangelogEntryWire } from '@app/domain';
import { requestJson } from './request.ts';

/** GET /api/changelog: every entry, newest first. */
export const fetchEntries = () => requestJson<ChangelogEntryWire[]>('/api/changelog');
