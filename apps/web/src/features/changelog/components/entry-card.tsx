import type { ChangelogEntryWire } from '@app/domain';
import type { ReactNode } from 'react';
import { isLightColor } from '../lib/contrast.ts';
import { RichText } from './rich-text.tsx';

/** One entry on its own background, with text that keeps its contrast on light or dark colours. */
export function EntryCard({
  entry,
  heading,
  children,
}: {
  entry: ChangelogEntryWire;
  heading: ReactNode;
  children?: ReactNode;
}) {
  const background = entry.backgroundColor || '#FFFFFF';
  return (
    <article
      className={`changelog-entry ${isLightColor(background) ? 'on-light' : 'on-dark'}`}
      style={{ backgroundColor: background }}
    >
      <header className="changelog-entry-head">
        {heading}
        <p className="changelog-date">{entry.changeDate}</p>
      </header>
      <RichText html={entry.changeText} />
      {children}
    </article>
  );
}
