import { zodResolver } from '@hookform/resolvers/zod';
import {
  BLOCKLIST_CATEGORIES,
  BlocklistTermBody,
  categoryLabel,
  type BlocklistCategory,
  type BlocklistTermWire,
} from '@app/domain';
import { type SelectHTMLAttributes, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, Button, Spinner } from '@/components/ui/index.ts';
import { apiErrorMessage } from '@/lib/api-error.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { AdminGate } from '../components/admin-gate.tsx';
import {
  useAddBlocklistTermMutation,
  useEditBlocklistTermMutation,
  useGetBlocklistQuery,
  useRemoveBlocklistTermMutation,
} from '../api/moderation.ts';
import '../moderation.css';

/** /admin/blocklist: terms refused in every prompt, each with its category; edits apply at once. */
export function BlocklistPage() {
  useDocumentTitle('Blocklist');
  return (
    <AdminGate>
      <h1>Blocklist</h1>
      <p>
        Prompts containing a term are refused in any spelling (case, spacing, leetspeak, look-alike letters,
        weights and brackets), and the refusal names the term’s category. A term matches whole words (“kill”
        refuses “kills”, not “Killarney”) unless it is marked to match inside words. Changes apply to the next
        prompt.
      </p>
      <AddTerm />
      <Terms />
    </AdminGate>
  );
}

function CategorySelect(props: SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <select {...props}>
      {BLOCKLIST_CATEGORIES.map((category) => (
        <option key={category} value={category}>
          {categoryLabel(category)}
        </option>
      ))}
    </select>
  );
}

function AddTerm() {
  const { register, handleSubmit, setValue, formState } = useForm<BlocklistTermBody>({
    resolver: zodResolver(BlocklistTermBody),
    defaultValues: { term: '', category: 'other', substring: false },
  });
  const [add, adding] = useAddBlocklistTermMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const error = formState.errors.term?.message ?? failure;
  const ids = { term: useId(), category: useId(), substring: useId() };

  async function onAdd(body: BlocklistTermBody) {
    setFailure(null);
    const result = await add(body);
    if ('error' in result) setFailure(apiErrorMessage(result.error, 'The term could not be added.'));
    else setValue('term', '');
  }

  return (
    <form
      className="blocklist-add"
      aria-label="Add a term"
      onSubmit={(event) => void handleSubmit(onAdd)(event)}
    >
      <label htmlFor={ids.term}>Term</label>
      <input id={ids.term} required minLength={2} maxLength={60} {...register('term')} />
      <label htmlFor={ids.category}>Category</label>
      <CategorySelect id={ids.category} {...register('category')} />
      <label htmlFor={ids.substring}>
        <input id={ids.substring} type="checkbox" {...register('substring')} /> Match inside words
      </label>
      <Button type="submit" disabled={adding.isLoading}>
        Add
      </Button>
      {error && <p role="alert">{error}</p>}
    </form>
  );
}

function Terms() {
  const { data, isLoading, error } = useGetBlocklistQuery();
  if (isLoading) return <Spinner label="Loading the blocklist…" />;
  if (error || !data) return <Alert>{apiErrorMessage(error, 'The blocklist could not be loaded.')}</Alert>;
  if (!data.terms.length) return <p>No terms yet.</p>;
  return (
    <div className="table-scroll">
      <table>
        <caption>Blocklisted terms</caption>
        <thead>
          <tr>
            <th scope="col">Term</th>
            <th scope="col">Category</th>
            <th scope="col">Inside words</th>
            <th scope="col">Added</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.terms.map((term) => (
            <TermRow key={term.id} term={term} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function TermRow({ term }: { term: BlocklistTermWire }) {
  const [edit, editing] = useEditBlocklistTermMutation();
  const [remove, removing] = useRemoveBlocklistTermMutation();
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const save = (body: Partial<BlocklistTermWire>) =>
    void edit({ id: term.id, term: term.term, category: term.category, ...body }).then((result) =>
      setError('error' in result ? apiErrorMessage(result.error, 'Not saved.') : null),
    );
  return (
    <tr>
      <th scope="row">{term.term}</th>
      <td>
        <label htmlFor={id} className="visually-hidden">
          Category of {term.term}
        </label>
        <CategorySelect
          id={id}
          value={term.category}
          onChange={(event) => save({ category: event.target.value as BlocklistCategory })}
        />
        {(editing.isLoading || error) && <span role="status">{error ?? 'Saving…'}</span>}
      </td>
      <td>
        <input
          type="checkbox"
          aria-label={`${term.term} matches inside words`}
          checked={term.substring}
          onChange={(event) => save({ substring: event.target.checked })}
        />
      </td>
      <td>{new Date(term.createdAt).toLocaleDateString()}</td>
      <td>
        <Button
          variant="danger"
          disabled={removing.isLoading}
          aria-label={`Remove ${term.term}`}
          onClick={() => void remove(term.id)}
        >
          Remove
        </Button>
      </td>
    </tr>
  );
}
