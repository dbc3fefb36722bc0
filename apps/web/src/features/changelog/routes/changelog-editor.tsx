import { ERROR_TEXT, type ChangelogContent } from '@app/domain';
import { useNavigate, useParams } from 'react-router';
import { apiErrorMessage } from '@/lib/api-error.ts';
import { useAppSelector } from '@/lib/store/hooks.ts';
import type { ReactNode } from 'react';
import { ButtonAnchor, ButtonLink, Spinner } from '@/components/ui/index.ts';
import { paths, serverPaths } from '@/config/paths.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { authLevelApi } from '../api/get-auth-level.ts';
import { EntryForm } from '../components/entry-form.tsx';
import '../components/changelog.css';
import { addEntryApi } from '../api/add-entry.ts';
import { updateEntryApi } from '../api/update-entry.ts';
import { selectChangelog } from '../store/changelog-slice.ts';
import { useFetchChangelogEntries } from '../store/use-fetch-changelog-entries.ts';

/** A failed save as an Error carrying the words the form shows. */
const saveFailure = (error: unknown) => {
  throw new Error(apiErrorMessage(error, ERROR_TEXT.somethingWentWrong));
};

/**
 * The editor is for admins (SPEC §5: only they save). Everyone else gets a notice instead of an
 * editor they could not use: a signed-out visitor a way to sign in, a signed-in one the reason.
 */
function AdminOnly({ children }: { children: ReactNode }) {
  const { data: role, isLoading } = authLevelApi.useChangelogAuthLevelQuery();
  if (isLoading) return <Spinner label="Checking your access…" />;
  if (role === 'admin') return <>{children}</>;
  return (
    <div className="changelog-notice" role="note">
      <p>Only admins can add or edit changelog entries.</p>
      {role === null || role === undefined ? (
        <ButtonAnchor href={serverPaths.login}>Log in with Discord</ButtonAnchor>
      ) : (
        <p>You can read every entry on the changelog.</p>
      )}
    </div>
  );
}

export function AddChangelogEntryPage() {
  useDocumentTitle('Add a changelog entry');
  const [addEntry] = addEntryApi.useAddChangelogEntryMutation();
  const navigate = useNavigate();

  async function onSave(content: ChangelogContent) {
    const entry = await addEntry(content).unwrap().catch(saveFailure);
    void navigate(paths.changelogDetail.href(entry.changeTitle));
  }

  return (
    <section className="changelog narrow">
      <div className="changelog-actions">
        <ButtonLink to={paths.changelog.href()} variant="secondary">
          Back
        </ButtonLink>
      </div>
      <h1>Add a changelog entry</h1>
      <AdminOnly>
        <EntryForm submitLabel="Add" canSave onSave={onSave} />
      </AdminOnly>
    </section>
  );
}

export function EditChangelogEntryPage() {
  useDocumentTitle('Edit a changelog entry');
  const id = Number(useParams().id);
  const [updateEntry] = updateEntryApi.useUpdateChangelogEntryMutation();
  const navigate = useNavigate();
  const { entries } = useAppSelector(selectChangelog);
  const entry = entries.find((candidate) => candidate.id === id);
  const loading = useFetchChangelogEntries(!entry);

  async function onSave(content: ChangelogContent) {
    const saved = await updateEntry({ id, content }).unwrap().catch(saveFailure);
    void navigate(paths.changelogDetail.href(saved.changeTitle));
  }

  return (
    <section className="changelog narrow">
      <div className="changelog-actions">
        <ButtonLink
          to={entry ? paths.changelogDetail.href(entry.changeTitle) : paths.changelog.href()}
          variant="secondary"
        >
          Back
        </ButtonLink>
      </div>
      <h1>Edit a changelog entry</h1>
      <AdminOnly>
        {entry ? (
          <EntryForm key={entry.id} initial={entry} submitLabel="Save" canSave onSave={onSave} />
        ) : loading ? (
          <Spinner />
        ) : (
          <p>{ERROR_TEXT.entryNotFound}</p>
        )}
      </AdminOnly>
    </section>
  );
}
