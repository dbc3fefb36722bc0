import { ERROR_TEXT, type ChangelogContent } from '@app/domain';
import { useNavigate, useParams } from 'react-router';
import { apiErrorMessage } from '@/lib/api-error.ts';
import { useAppSelector } from '@/lib/store/hooks.ts';
import { ButtonLink, Spinner } from '@/components/ui/index.ts';
import { paths } from '@/config/paths.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useIsAdmin } from '../api/get-auth-level.ts';
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

export function AddChangelogEntryPage() {
  useDocumentTitle('Add a changelog entry');
  const [addEntry] = addEntryApi.useAddChangelogEntryMutation();
  const navigate = useNavigate();
  const isAdmin = useIsAdmin();

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
      <EntryForm submitLabel="Add" canSave={isAdmin} onSave={onSave} />
    </section>
  );
}

export function EditChangelogEntryPage() {
  useDocumentTitle('Edit a changelog entry');
  const id = Number(useParams().id);
  const [updateEntry] = updateEntryApi.useUpdateChangelogEntryMutation();
  const navigate = useNavigate();
  const isAdmin = useIsAdmin();
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
      {entry ? (
        <EntryForm key={entry.id} initial={entry} submitLabel="Save" canSave={isAdmin} onSave={onSave} />
      ) : loading ? (
        <Spinner />
      ) : (
        <p>{ERROR_TEXT.entryNotFound}</p>
      )}
    </section>
  );
}
