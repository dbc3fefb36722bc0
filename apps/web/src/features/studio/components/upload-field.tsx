import { type DragEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/index.ts';
import type { UploadState } from '../lib/form-model.ts';
import { acceptAttribute } from '../lib/check-file.ts';

/**
 * A file for an attachment option: dropped on the zone or picked with the labelled input. The
 * parent uploads it (with progress) and passes back its state.
 */
export function UploadField({
  label,
  description,
  accepts,
  state,
  onFile,
  onClear,
}: {
  label: string;
  description: string;
  accepts: readonly string[] | undefined;
  state: UploadState | undefined;
  onFile: (file: File) => void;
  onClear: () => void;
}) {
  const id = useId();
  const hintId = useId();
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
    <div
      className={`studio-field studio-drop${over ? ' studio-drop-over' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <label htmlFor={id}>{label}</label>
      <p id={hintId} className="muted studio-hint">
        {description} Drop a file here or choose one{accepts ? ` (${accepts.join(', ')})` : ''}.
      </p>
      <input
        id={id}
        type="file"
        accept={acceptAttribute(accepts)}
        aria-describedby={hintId}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
          event.target.value = '';
        }}
      />
      {state && (
        <div className="studio-upload">
          {state.previewUrl && state.mime?.startsWith('image/') && (
            <img src={state.previewUrl} alt={`Preview of ${state.name}`} className="studio-preview" />
          )}
          {state.previewUrl && state.mime?.startsWith('audio/') && (
            <audio controls src={state.previewUrl} aria-label={`Preview of ${state.name}`} />
          )}
          <span>{state.name}</span>
          {state.error ? (
            <span className="studio-upload-error" role="alert">
              {state.error}
            </span>
          ) : state.uploadId ? (
            <span>Uploaded</span>
          ) : (
            <progress max={1} value={state.progress} aria-label={`Uploading ${state.name}`} />
          )}
          <Button variant="ghost" onClick={onClear}>
            Remove {state.name}
          </Button>
        </div>
      )}
    </div>
  );
}
