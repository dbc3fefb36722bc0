import { zodResolver } from '@hookform/resolvers/zod';
import { AGE_BAND_LABELS, AGE_BANDS, AgeBandBody, type AgeBand } from '@app/domain';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { setAgeBand } from '@/api/user-settings.ts';
import { Button } from '@/components/ui/index.ts';

/**
 * Asked once, at the first visit after sign-in and before anything can be made: the person's age
 * band. Under 13 cannot use the service; from 13 to 17 a parent or guardian accepts the terms.
 */
export function AgeQuestion({ userId, onAnswered }: { userId: string; onAnswered: (band: AgeBand) => void }) {
  const { register, handleSubmit, control, formState } = useForm({
    resolver: zodResolver(AgeBandBody),
    defaultValues: { guardianAccepted: false },
  });
  const [band, guardian] = useWatch({ control, name: ['band', 'guardianAccepted'] });
  const [error, setError] = useState<string | null>(null);
  const guardianId = useId();
  const formId = useId();

  async function answer({ band, guardianAccepted }: AgeBandBody) {
    setError(null);
    try {
      await setAgeBand(userId, { band, ...(band === '13-17' ? { guardianAccepted } : {}) });
      onAnswered(band);
    } catch (failure) {
      setError((failure as Error).message);
      if (band === 'under-13') onAnswered(band);
    }
  }

  return (
    <form
      className="age-question"
      aria-labelledby={`${formId}-title`}
      onSubmit={(event) => void handleSubmit(answer)(event)}
    >
      <h2 id={`${formId}-title`}>Before your first creation: how old are you?</h2>
      <fieldset>
        <legend>Your age</legend>
        {AGE_BANDS.map((value) => (
          <label key={value} className="age-choice">
            <input type="radio" value={value} {...register('band')} />
            {AGE_BAND_LABELS[value]}
          </label>
        ))}
      </fieldset>
      {band === '13-17' && (
        <p className="age-guardian">
          <input id={guardianId} type="checkbox" {...register('guardianAccepted')} />
          <label htmlFor={guardianId}>
            A parent or guardian has read the terms of use and accepts them for me.
          </label>
        </p>
      )}
      {band === 'under-13' && <p>HyperCreate is for people aged 13 or older.</p>}
      {error && <p role="alert">{error}</p>}
      <Button type="submit" disabled={!band || formState.isSubmitting || (band === '13-17' && !guardian)}>
        Continue
      </Button>
    </form>
  );
}
