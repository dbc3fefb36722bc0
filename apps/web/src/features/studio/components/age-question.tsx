import { AGE_BAND_LABELS, AGE_BANDS, type AgeBand } from '@app/domain';
import { useId, useState } from 'react';
import { setAgeBand } from '@/api/user-settings.ts';
import { Button } from '@/components/ui/index.ts';

/**
 * Asked once, at the first visit after sign-in and before anything can be made: the person's age
 * band. Under 13 cannot use the service; from 13 to 17 a parent or guardian accepts the terms.
 */
export function AgeQuestion({ userId, onAnswered }: { userId: string; onAnswered: (band: AgeBand) => void }) {
  const [band, setBand] = useState<AgeBand | null>(null);
  const [guardian, setGuardian] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const guardianId = useId();
  const name = useId();

  async function answer() {
    if (!band) return;
    setSending(true);
    setError(null);
    try {
      await setAgeBand(userId, { band, ...(band === '13-17' ? { guardianAccepted: guardian } : {}) });
      onAnswered(band);
    } catch (failure) {
      setError((failure as Error).message);
      if (band === 'under-13') onAnswered(band);
    } finally {
      setSending(false);
    }
  }

  return (
    <form
      className="age-question"
      aria-labelledby={`${name}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        void answer();
      }}
    >
      <h2 id={`${name}-title`}>Before your first creation: how old are you?</h2>
      <fieldset>
        <legend>Your age</legend>
        {AGE_BANDS.map((value) => (
          <label key={value} className="age-choice">
            <input
              type="radio"
              name={name}
              value={value}
              checked={band === value}
              onChange={() => setBand(value)}
            />
            {AGE_BAND_LABELS[value]}
          </label>
        ))}
      </fieldset>
      {band === '13-17' && (
        <p className="age-guardian">
          <input
            id={guardianId}
            type="checkbox"
            checked={guardian}
            onChange={(event) => setGuardian(event.target.checked)}
          />
          <label htmlFor={guardianId}>
            A parent or guardian has read the terms of use and accepts them for me.
          </label>
        </p>
      )}
      {band === 'under-13' && <p>HyperCreate is for people aged 13 or older.</p>}
      {error && <p role="alert">{error}</p>}
      <Button type="submit" disabled={!band || sending || (band === '13-17' && !guardian)}>
        Continue
      </Button>
    </form>
  );
}
