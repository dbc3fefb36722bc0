import { ERROR_TEXT } from '@app/domain';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { apiErrorMessage } from '@/lib/api-error.ts';
import { useAppSelector } from '@/lib/store/hooks.ts';
import { Alert, Button, ButtonLink, Dialog, Spinner } from '@/components/ui/index.ts';
import { paths } from '@/config/paths.ts';
import { setDescriptionMeta } from '@/lib/use-document-title.ts';
import { useIsAdmin } from '../api/get-auth-level.ts';
import { EntryCard } from '../components/entry-card.tsx';
import { decodeTitle } from '../lib/is-listable.ts';
import { deleteEntryApi } from '../api/delete-entry.ts';
import { selectChangelog } from '../store/changelog-slice.ts';
import { useFetchChangelogEntries } from '../store/use-fetch-changelog-entries.ts';

const PREFIX = '/changelog/';

export function ChangelogDetailPage() {
  // The raw path segment, decoded once here (the router's own decoding would decode twice).
  const { pathname } = useLocation();
  const title = decodeTitle(pathname.startsWith(PREFIX) ? pathname.slice(PREFIX.length) : pathname);
  const [deleteEntry] = deleteEntryApi.useDeleteChangelogEntryMutation();
  const navigate = useNavigate();
  const isAdmin = useIsAdmin();
  const { entries } = useAppSelector(selectChangelog);
  const loading = useFetchChangelogEntries();
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const entry = entries.find((candidate) => candidate.changeTitle === title);

  useEffect(() => {
    document.title = `Changelog: ${title}`;
    setDescriptionMeta(
      entry
        ? `${entry.changeTitle}, ${entry.changeDate}: what changed in HyperCreate.`
        : `Changelog: ${title}`,
    );
  }, [title, entry]);

  async function onDelete() {
    setConfirmDelete(false);
    if (!entry) return;
    setDeleting(true);
    setDeleteError(null);
    try {
      await deleteEntry(entry.id).unwrap();
      void navigate(paths.changelog.href());
    } catch (error) {
      setDeleteError(apiErrorMessage(error, ERROR_TEXT.somethingWentWrong));
      setDeleting(false);
    }
  }

  return (
    <section className="changelog narrow">
      <div className="changelog-actions">
        <ButtonLink to={paths.changelog.href()} variant="secondary">
          Back
        </ButtonLink>
        {isAdmin && entry && (
          <>
            <ButtonLink to={paths.changelogEdit.href(entry.id)} variant="secondary">
              Edit
            </ButtonLink>
            <Button variant="danger" onClick={() => setConfirmDelete(true)} disabled={deleting}>
              {deleting ? 'Deleting…' : 'Delete'}
            </Button>
            <Dialog open={confirmDelete} title="Delete this entry?" onClose={() => setConfirmDelete(false)}>
              <p>“{entry.changeTitle}” will be removed from the changelog. This cannot be undone.</p>
              <div className="actions">
                <Button variant="secondary" onClick={() => setConfirmDelete(false)}>
                  Keep entry
                </Button>
                <Button variant="danger" onClick={() => void onDelete()}>
                  Delete entry
                </Button>
              </div>
            </Dialog>
          </>
        )}
      </div>
      {deleteError && <Alert>{deleteError}</Alert>}
      {entry ? (
        <EntryCard entry={entry} heading={<h1>{entry.changeTitle}</h1>} />
      ) : loading ? (
        <Spinner />
      ) : (
        <>
          <h1>{ERROR_TEXT.entryNotFound}</h1>
          <p className="muted">There is no changelog entry titled “{title}”.</p>
        </>
      )}
    </section>
  );
}
