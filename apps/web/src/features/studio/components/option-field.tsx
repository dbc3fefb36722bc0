import type { CommandOption } from '@app/domain';
import { useId } from 'react';
import type { FieldValue, UploadState } from '../lib/form-model.ts';
import { PromptField } from './prompt-field.tsx';
import { UploadField } from './upload-field.tsx';

/** One registry option as a form control: text, a slider for bounded numbers, a checkbox, or a file. */
export function OptionField({
  option,
  label,
  value,
  weighting,
  upload,
  onValue,
  onFile,
  onClearFile,
}: {
  option: CommandOption;
  label: string;
  value: FieldValue | undefined;
  weighting: boolean;
  upload: UploadState | undefined;
  onValue: (value: FieldValue) => void;
  onFile: (file: File) => void;
  onClearFile: () => void;
}) {
  const id = useId();
  const hintId = useId();
  switch (option.type) {
    case 'attachment':
      return (
        <UploadField
          label={label}
          description={option.description}
          accepts={option.accepts}
          state={upload}
          onFile={onFile}
          onClear={onClearFile}
        />
      );
    case 'string':
      return (
        <PromptField
          label={label}
          value={typeof value === 'string' ? value : ''}
          required={option.required}
          description={option.description}
          weighting={weighting && option.name === 'prompt'}
          singleLine={option.name === 'name'}
          onChange={onValue}
        />
      );
    case 'boolean':
      return (
        <div className="studio-field studio-check">
          <input
            id={id}
            type="checkbox"
            checked={value === true}
            aria-describedby={hintId}
            onChange={(event) => onValue(event.target.checked)}
          />
          <label htmlFor={id}>{label}</label>
          <p id={hintId} className="muted studio-hint">
            {option.description}
          </p>
        </div>
      );
    default: {
      const min = option.min ?? 0;
      const max = option.max ?? 1;
      const bounded = option.min !== undefined && option.max !== undefined;
      const current = typeof value === 'number' ? value : undefined;
      const shown = current ?? Number(((min + max) / 2).toFixed(2));
      return (
        <div className="studio-field">
          <label htmlFor={id}>
            {label}: {current === undefined ? `${shown} (default)` : current}
          </label>
          <p id={hintId} className="muted studio-hint">
            {option.description}
          </p>
          <input
            id={id}
            type={bounded ? 'range' : 'number'}
            min={option.min}
            max={option.max}
            step={option.type === 'integer' ? 1 : 0.05}
            value={shown}
            aria-describedby={hintId}
            onChange={(event) => onValue(Number(event.target.value))}
          />
        </div>
      );
    }
  }
}
