import { useSearchParams } from 'react-router';
import { useId } from 'react';
import { useCreations } from '@/api/creations.ts';
import { reportCreation } from '@/api/report-creation.ts';
import { CreationGrid } from '@/components/creation-grid/index.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

const KINDS = [
  { id: '', label: 'Everything' },
  { id: 'image', label: 'Images' },
  { id: 'video', label: 'Video' },
  { id: 'audio', label: 'Audio' },
  { id: 'lipsync', label: 'Lip-sync' },
] as const;

/** The public gallery: what people made recently, newest first, filtered by kind. */
export function GalleryPage() {
  useDocumentTitle(
    'Gallery',
    'Recent public creations: images, video, audio and lip-sync made with the bot and the studio.',
  );
  const [search, setSearch] = useSearchParams();
  const kind = KINDS.find((entry) => entry.id && entry.id === search.get('kind'))?.id;
  const filterId = useId();
  const pages = useCreations(kind);
  return (
    <section>
      <h1>Gallery</h1>
      <div className="gallery-filter">
        <label htmlFor={filterId}>Show</label>
        <select
          id={filterId}
          value={kind ?? ''}
          onChange={(event) => {
            const next = new URLSearchParams(search);
            if (event.target.value) next.set('kind', event.target.value);
            else next.delete('kind');
            setSearch(next, { replace: true });
          }}
        >
          {KINDS.map((entry) => (
            <option key={entry.id} value={entry.id}>
              {entry.label}
            </option>
          ))}
        </select>
      </div>
      <CreationGrid pages={pages} onReport={reportCreation} />
    </section>
  );
}
