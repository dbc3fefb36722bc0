import { zodResolver } from '@hookform/resolvers/zod';
import { ModerationActionBody, type ModerationItemWire } from '@app/domain';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/index.ts';
import { apiErrorMessage } from '@/lib/api-error.ts';
import { useSetModerationItemStatusMutation, useTakeModerationActionMutation } from '../api/moderation.ts';

type Choice = 'hide' | 'warn' | 'pause' | 'ban';
const LABELS: Record<Choice, string> = {
  hide: 'Hide the creation',
  warn: 'Warn',
  pause: 'Pause generation',
  ban: 'Ban',
};
const PAUSES = [
  [60, '1 hour'],
  [24 * 60, '1 day'],
  [7 * 24 * 60, '1 week'],
  [30 * 24 * 60, '30 days'],
] as const;

/** What a moderator can do about one queue item: act on the person or creation, or dismiss it. */
export function ItemActions({ item }: { item: ModerationItemWire }) {
  const choices = (['hide', 'warn', 'pause', 'ban'] as const).filter(
    (choice) => choice !== 'hide' || (item.creation && !item.creation.hidden),
  );
  // The server's rules for an action; whom it is about comes with the item.
  const { register, handleSubmit, control, setValue } = useForm({
    resolver: zodResolver(ModerationActionBody),
    defaultValues: {
      action: choices[0]!,
      reason: '',
      minutes: PAUSES[0][0],
      itemId: item.id,
      userId: item.person.id,
      jobId: item.creation?.id,
    },
  });
  const [choice, reason] = useWatch({ control, name: ['action', 'reason'] });
  const [act, acting] = useTakeModerationActionMutation();
  const [setStatus, setting] = useSetModerationItemStatusMutation();
  const [error, setError] = useState<string | null>(null);
  const ids = { action: useId(), reason: useId(), minutes: useId() };

  async function submit({ action, reason, minutes }: ModerationActionBody) {
    setError(null);
    const result = await act({
      action,
      reason,
      itemId: item.id,
      ...(action === 'hide' ? { jobId: item.creation!.id } : { userId: item.person.id }),
      ...(action === 'pause' ? { minutes } : {}),
    });
    if ('error' in result) setError(apiErrorMessage(result.error, 'The action failed.'));
    else setValue('reason', '');
  }

  return (
    <form
      className="item-actions"
      aria-label={`Act on ${item.person.discordName}`}
      onSubmit={(event) => void handleSubmit(submit)(event)}
    >
      <label htmlFor={ids.action}>Action</label>
      <select id={ids.action} {...register('action')}>
        {choices.map((value) => (
          <option key={value} value={value}>
            {LABELS[value]}
          </option>
        ))}
      </select>
      {choice === 'pause' && (
        <>
          <label htmlFor={ids.minutes}>For</label>
          <select id={ids.minutes} {...register('minutes', { setValueAs: Number })}>
            {PAUSES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </>
      )}
      <label htmlFor={ids.reason}>Reason (sent to the person)</label>
      <input id={ids.reason} required maxLength={500} {...register('reason')} />
      <div className="item-buttons">
        <Button
          type="submit"
          variant={choice === 'ban' ? 'danger' : 'primary'}
          disabled={acting.isLoading || !reason.trim()}
        >
          {LABELS[choice]}
        </Button>
        <Button
          variant="secondary"
          disabled={setting.isLoading}
          onClick={() =>
            void setStatus({ id: item.id, status: item.status === 'open' ? 'resolved' : 'open' })
          }
        >
          {item.status === 'open' ? 'Dismiss' : 'Reopen'}
        </Button>
      </div>
      {error && <p role="alert">{error}</p>}
    </form>
  );
}
