import { zodResolver } from '@hookform/resolvers/zod';
import { JobActionBody } from '@app/domain';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/index.ts';

/** The edit form's one field: the new prompt, by the server's own rule. */
const EditFields = JobActionBody.pick({ prompt: true }).required();

export function EditPrompt({
  initial,
  busy,
  onSubmit,
}: {
  initial: string;
  busy: boolean;
  onSubmit: (prompt: string) => void;
}) {
  const { register, handleSubmit, control } = useForm({
    resolver: zodResolver(EditFields),
    defaultValues: { prompt: initial },
  });
  const text = useWatch({ control, name: 'prompt' });
  const id = useId();
  return (
    <form
      className="job-edit"
      onSubmit={(event) => void handleSubmit(({ prompt }) => onSubmit(prompt))(event)}
    >
      <label htmlFor={id}>New prompt</label>
      <textarea id={id} rows={2} {...register('prompt')} />
      <Button type="submit" disabled={busy || !text.trim()}>
        Make it
      </Button>
    </form>
  );
}
