import type { ChangelogEntryRow } from '@app/db';
import type { ChangelogEntryWire } from '@app/domain';

/** Maps a stored entry to the wire names of SPEC §3. */
export function toChangelogEntryWire(row: ChangelogEntryRow): ChangelogEntryWire {
  return {
    id: row.id,
    changeTitle: row.title,
    changeDate: row.changeDate,
    changeText: row.changeText,
    backgroundColor: row.backgroundColor,
  };
}
