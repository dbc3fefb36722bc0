import { tryDecodeURIComponent, type ChangelogEntryWire } from '@app/domain';

/** The list skips entries lacking id, date, title or text (SPEC §2). */
export function isListable(entry: Partial<ChangelogEntryWire>): entry is ChangelogEntryWire {
  return Boolean(entry.id && entry.changeDate && entry.changeTitle && entry.changeText);
}

/** The detail page's title: URL-decoded, or the raw segment when it does not decode. */
export function decodeTitle(raw: string): string {
  return tryDecodeURIComponent(raw) ?? raw;
}
