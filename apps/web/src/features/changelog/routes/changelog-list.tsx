import { ERROR_TEXT } from '@app/domain';
import { Link } from 'react-router';
import { apiErrorMessage } from '@/lib/api-error.ts';
import { useAppSelector } from '@/lib/store/hooks.ts';
import { Alert, ButtonLink, Spinner } from '@/components/ui/index.ts';
import { paths } from '@/config/paths.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useIsAdmin } from '../api/get-auth-level.ts';
import { EntryCard } from '../components/entry-card.tsx';
import { isListable } from '../lib/is-listable.ts';
import { fetchEntriesApi } from '../api/fetch-entries.ts';
import { selectChangelog } from '../store/changelog-slice.ts';

export function ChangelogListPage() {
  useDocumentTitle('Changelog', 'What changed in HyperCreate: new models, commands and fixes.');
  const { entries } = useAppSelector(selectChangelog);
  const isAdmin = useIsAdmin();
  // Fetched again on every visit; the store keeps the list (SPEC §4), the query its progress.
  const { isLoading: loading, error } = fetchEntriesApi.useChangelogEntriesQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const loadError = error ? apiErrorMessage(error, ERROR_TEXT.somethingWentWrong) : null;

  const shown = entries.filter(isListable);
  return (
    <section className="changelog narrow" aria-labelledby="changelog-heading">
      <div className="changelog-top">
        <h1 id="changelog-heading">Changelog</h1>
        {isAdmin && <ButtonLink to={paths.addChangelogEntry.href()}>Add Entry</ButtonLink>}
      </div>
      {loadError && <Alert>{loadError}</Alert>}
      {loading && shown.length === 0 ? (
        <Spinner label="Loading the changelog…" />
      ) : shown.length === 0 ? (
        <p className="changelog-empty">{ERROR_TEXT.emptyChangelog}</p>
      ) : (
        <ol className="changelog-list">
          {shown.map((entry) => (
            <li key={entry.id}>
              <EntryCard
                entry={entry}
                heading={
                  <h2>
                    <Link to={paths.changelogDetail.href(entry.changeTitle)}>{entry.changeTitle}</Link>
                  </h2>
                }
              />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
