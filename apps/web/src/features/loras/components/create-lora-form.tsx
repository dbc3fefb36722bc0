import { zodResolver } from '@hookform/resolvers/zod';
import { LORA_NAME_RULE, LoraName, LoraTrainingForm, type JobWire } from '@app/domain';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { appealRefusal, newRequestId, submitJob } from '@/api/jobs.ts';
import { uploadFile } from '@/api/uploads.ts';
import { JobErrorAlert } from '@/components/job-card/index.ts';
import { Button } from '@/components/ui/index.ts';
import { imagesProblem, zipProblem } from '../lib/check-training-files.ts';

type Source = 'images' | 'zip';

/** Train a LoRA from 8 images or a ZIP of 8 to 40: checked here first, uploaded with progress, then queued. */
export function CreateLoraForm({ onCreated }: { onCreated: (job: JobWire) => void }) {
  const { control, handleSubmit, setValue, reset } = useForm<LoraTrainingForm>({
    resolver: zodResolver(LoraTrainingForm),
    defaultValues: { source: 'images', name: '' },
  });
  const source: Source = useWatch({ control, name: 'source' });
  const name = useWatch({ control, name: 'name' });
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const nameId = useId();
  const fileId = useId();
  const reasonId = useId();

  const choose = async (chosen: File[]) => {
    setFiles(chosen);
    setError(null);
    if (source === 'images') setProblem(imagesProblem(chosen));
    else if (chosen[0]) setProblem(zipProblem(await chosen[0].arrayBuffer()));
    else setProblem('Choose a ZIP file.');
  };

  const reason = !LoraName.safeParse(name).success
    ? LORA_NAME_RULE
    : files.length === 0
      ? source === 'images'
        ? 'Choose 8 images.'
        : 'Choose a ZIP file.'
      : (problem ?? (progress !== null ? 'Uploading…' : null));

  const submit = async ({ source, name }: LoraTrainingForm) => {
    if (reason) return;
    setError(null);
    try {
      const done = new Array<number>(files.length).fill(0);
      setProgress(0);
      const uploads = await Promise.all(
        files.map((file, index) =>
          uploadFile(file, (fraction) => {
            done[index] = fraction;
            setProgress(done.reduce((sum, value) => sum + value, 0) / files.length);
          }),
        ),
      );
      const options: Record<string, string> = { name };
      if (source === 'zip') options.zip = uploads[0]!.id;
      else uploads.forEach((upload, index) => (options[`image${index + 1}`] = upload.id));
      const { job } = await submitJob({
        command: source === 'zip' ? 'loracreatefromzip' : 'loracreate',
        options,
        requestId: newRequestId(),
      });
      setFiles([]);
      reset({ source, name: '' });
      onCreated(job);
    } catch (caught) {
      setError(caught);
    } finally {
      setProgress(null);
    }
  };

  return (
    <form
      className="lora-form"
      aria-label="Train a LoRA model"
      onSubmit={(event) => {
        // Held back with its reason shown beside Train rather than as field errors.
        if (reason) event.preventDefault();
        else void handleSubmit(submit)(event);
      }}
    >
      <fieldset>
        <legend>Train from</legend>
        {(['images', 'zip'] as const).map((value) => (
          <label key={value}>
            <input
              type="radio"
              name="lora-source"
              checked={source === value}
              onChange={() => {
                setValue('source', value);
                setFiles([]);
                setProblem(null);
              }}
            />{' '}
            {value === 'images' ? '8 images' : 'A ZIP of 8 to 40 images'}
          </label>
        ))}
      </fieldset>
      <label htmlFor={nameId}>Name</label>
      <input
        id={nameId}
        value={name}
        onChange={(event) => setValue('name', event.target.value.trim())}
        autoComplete="off"
      />
      <label htmlFor={fileId}>{source === 'images' ? 'Images (png or jpg)' : 'ZIP file'}</label>
      <input
        key={source}
        id={fileId}
        type="file"
        multiple={source === 'images'}
        accept={source === 'images' ? '.png,.jpg,.jpeg' : '.zip'}
        onChange={(event) => void choose([...(event.target.files ?? [])])}
      />
      {files.length > 0 && !problem && (
        <p className="muted">
          {files.length} {files.length === 1 ? 'file' : 'files'} ready.
        </p>
      )}
      {progress !== null && <progress max={1} value={progress} aria-label="Uploading the training files" />}
      {error !== null && <JobErrorAlert error={error} onAppeal={appealRefusal} />}
      <div className="lora-submit">
        <Button
          type="submit"
          aria-disabled={reason !== null}
          aria-describedby={reason ? reasonId : undefined}
        >
          Train
        </Button>
        {reason && (
          <p id={reasonId} className="studio-reason">
            {reason}
          </p>
        )}
      </div>
    </form>
  );
}
