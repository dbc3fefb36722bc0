import type { changelogEntries } from '@app/db';
import type { ChangelogEntryWire } from '@app/domain';

type EntryRow = typeof changelogEntries.$inferSelect;

/** Maps a stored entry to the wire names of SPEC §3. */
export function toChangelogEntryWire(row: EntryRow): ChangelogEntryWire {
  return {
    id: row.id,
    changeTitle: row.title,
    changeDate: row.changeDate,
    changeText: row.changeText,
    backgroundColor: row.backgroundColor,
  };
}
