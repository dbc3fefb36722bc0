import type { ModerationItemWire } from '@app/domain';
import { useState } from 'react';
import { Button } from '@/components/ui/index.ts';
import { apiErrorMessage } from '@/lib/api-error.ts';
import { useDecideAppealMutation, useSetContentLevelMutation } from '../api/moderation.ts';

/** An appeal's answer: upheld, the refusal was wrong and stops counting toward a pause; or rejected. */
export function AppealDecision({ item }: { item: ModerationItemWire }) {
  const [decide, deciding] = useDecideAppealMutation();
  const [error, setError] = useState<string | null>(null);
  if (item.kind !== 'appeal' || !item.appeal) return null;
  if (item.status === 'resolved')
    return (
      <p>{item.appeal.upheld ? 'Upheld: the refusal was overturned.' : 'Rejected: the refusal stands.'}</p>
    );
  const answer = (upheld: boolean) =>
    void decide({ id: item.id, upheld }).then((result) =>
      setError('error' in result ? apiErrorMessage(result.error, 'Not saved.') : null),
    );
  return (
    <div className="appeal-decision" role="group" aria-label={`Appeal of ${item.person.discordName}`}>
      <Button disabled={deciding.isLoading} onClick={() => answer(true)}>
        Uphold: the refusal was wrong
      </Button>
      <Button variant="secondary" disabled={deciding.isLoading} onClick={() => answer(false)}>
        Reject: the refusal stands
      </Button>
      {error && <p role="alert">{error}</p>}
    </div>
  );
}

/** A creation's content level, which the admin can change: mature creations are for adults only. */
export function ContentLevelToggle({ creation }: { creation: NonNullable<ModerationItemWire['creation']> }) {
  const [setLevel, setting] = useSetContentLevelMutation();
  const mature = Boolean(creation.mature);
  return (
    <Button
      variant="secondary"
      disabled={setting.isLoading}
      onClick={() => void setLevel({ id: creation.id, level: mature ? 'general' : 'mature' })}
    >
      {mature ? 'Mark general' : 'Mark mature (adults only)'}
    </Button>
  );
}
