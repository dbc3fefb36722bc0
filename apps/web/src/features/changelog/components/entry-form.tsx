import { zodResolver } from '@hookform/resolvers/zod';
import {
  CHANGELOG_DEFAULT_BACKGROUND,
  ChangelogContent,
  ERROR_TEXT,
  isDecodableTitle,
  type ChangelogContent as ChangelogContentValues,
} from '@app/domain';
import { useId, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { Alert, Button } from '@/components/ui/index.ts';
import { todayLabel } from '../lib/contrast.ts';
import { RichTextEditor } from './rich-text-editor.tsx';
import './changelog-editor.css';

export interface EntryFormValues {
  changeTitle: string;
  changeDate: string;
  changeText: string;
  backgroundColor: string;
}

/** The domain's rules for an entry, plus SPEC §5's: a title must decode as a URL segment. */
const entrySchema = ChangelogContent.extend({
  changeTitle: ChangelogContent.shape.changeTitle.refine(isDecodableTitle, ERROR_TEXT.invalidTitle),
});

const MISSING = 'Please fill in the title, the date and the text.';

/** The add and edit form: title, date, background, the rich-text editor and (for admins) save. */
export function EntryForm({
  initial,
  submitLabel,
  canSave,
  onSave,
}: {
  initial?: EntryFormValues;
  submitLabel: string;
  canSave: boolean;
  onSave: (content: ChangelogContentValues) => Promise<void>;
}) {
  const ids = { title: useId(), date: useId(), color: useId(), editor: useId(), titleError: useId() };
  const { register, handleSubmit, setValue, getValues, clearErrors, setError, formState } = useForm({
    resolver: zodResolver(entrySchema),
    // Complaints are made on saving; typing only takes them away.
    reValidateMode: 'onSubmit',
    defaultValues: {
      changeTitle: initial?.changeTitle ?? '',
      changeDate: initial?.changeDate ?? todayLabel(),
      changeText: initial?.changeText ?? '',
      backgroundColor: (initial?.backgroundColor ?? CHANGELOG_DEFAULT_BACKGROUND).toLowerCase(),
    },
  });
  const [extended, setExtended] = useState(false);
  const titleError =
    formState.errors.changeTitle?.message === ERROR_TEXT.invalidTitle ? ERROR_TEXT.invalidTitle : null;
  const formError = formState.errors.root?.message ?? null;
  // A saved entry leaves the page: the button stays held until it does.
  const [saved, setSaved] = useState(false);
  const saving = formState.isSubmitting || saved;

  async function save(content: ChangelogContentValues) {
    try {
      await onSave(content);
      setSaved(true);
    } catch (error) {
      setError('root', { message: (error as { message?: string }).message ?? ERROR_TEXT.somethingWentWrong });
    }
  }

  // An undecodable title is said beside the title; anything missing, once for the whole form.
  function refused(errors: FieldErrors<ChangelogContentValues>) {
    if (errors.changeTitle?.message === ERROR_TEXT.invalidTitle) return;
    setError('root', { message: MISSING });
  }

  const onSubmit = handleSubmit(save, refused);
  const title = register('changeTitle', { onChange: () => clearErrors('changeTitle') });

  return (
    <form className="changelog-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <div className="field">
        <label htmlFor={ids.title}>Title</label>
        <input
          id={ids.title}
          {...title}
          maxLength={200}
          required
          aria-invalid={titleError ? true : undefined}
          aria-describedby={titleError ? ids.titleError : undefined}
        />
        {titleError && (
          <p id={ids.titleError} className="field-error" role="alert">
            {titleError}
          </p>
        )}
      </div>
      <div className="field-row">
        <div className="field">
          <label htmlFor={ids.date}>Date</label>
          <input id={ids.date} {...register('changeDate')} maxLength={100} required />
        </div>
        <div className="field">
          <label htmlFor={ids.color}>Background colour</label>
          <input id={ids.color} type="color" {...register('backgroundColor')} />
        </div>
      </div>
      <p id={ids.editor} className="editor-label">
        Text
      </p>
      <label className="toggle">
        <input type="checkbox" checked={extended} onChange={(event) => setExtended(event.target.checked)} />
        More formatting tools (sizes, fonts, colours, alignment, media)
      </label>
      <RichTextEditor
        initialHtml={getValues('changeText')}
        onChange={(html) => setValue('changeText', html)}
        extended={extended}
        labelId={ids.editor}
      />
      {formError && <Alert>{formError}</Alert>}
      <div className="actions">
        {canSave ? (
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving…' : submitLabel}
          </Button>
        ) : (
          <p className="muted">Only admins can save changelog entries.</p>
        )}
      </div>
    </form>
  );
}
