import {
  CHANGELOG_DEFAULT_BACKGROUND,
  ERROR_TEXT,
  isDecodableTitle,
  type ChangelogContent,
} from '@app/domain';
import { useId, useState, type FormEvent } from 'react';
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
  onSave: (content: ChangelogContent) => Promise<void>;
}) {
  const ids = { title: useId(), date: useId(), color: useId(), editor: useId(), titleError: useId() };
  const [title, setTitle] = useState(initial?.changeTitle ?? '');
  const [date, setDate] = useState(initial?.changeDate ?? todayLabel());
  const [color, setColor] = useState(
    (initial?.backgroundColor ?? CHANGELOG_DEFAULT_BACKGROUND).toLowerCase(),
  );
  const [text, setText] = useState(initial?.changeText ?? '');
  const [extended, setExtended] = useState(false);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    if (!isDecodableTitle(title)) {
      setTitleError(ERROR_TEXT.invalidTitle);
      return;
    }
    if (!title.trim() || !date.trim() || !text) {
      setFormError('Please fill in the title, the date and the text.');
      return;
    }
    setSaving(true);
    try {
      await onSave({
        changeTitle: title.trim(),
        changeDate: date.trim(),
        changeText: text,
        backgroundColor: color,
      });
    } catch (error) {
      setFormError((error as { message?: string }).message ?? ERROR_TEXT.somethingWentWrong);
      setSaving(false);
    }
  }

  return (
    <form className="changelog-form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <div className="field">
        <label htmlFor={ids.title}>Title</label>
        <input
          id={ids.title}
          value={title}
          maxLength={200}
          required
          aria-invalid={titleError ? true : undefined}
          aria-describedby={titleError ? ids.titleError : undefined}
          onChange={(event) => {
            setTitle(event.target.value);
            setTitleError(null);
          }}
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
          <input
            id={ids.date}
            value={date}
            maxLength={100}
            required
            onChange={(event) => setDate(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.color}>Background colour</label>
          <input
            id={ids.color}
            type="color"
            value={color}
            onChange={(event) => setColor(event.target.value)}
          />
        </div>
      </div>
      <p id={ids.editor} className="editor-label">
        Text
      </p>
      <label className="toggle">
        <input type="checkbox" checked={extended} onChange={(event) => setExtended(event.target.checked)} />
        More formatting tools (sizes, fonts, colours, alignment, media)
      </label>
      <RichTextEditor initialHtml={text} onChange={setText} extended={extended} labelId={ids.editor} />
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
