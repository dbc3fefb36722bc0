import type { AgeBand } from '@app/domain';
import { type ReactNode, useEffect, useState } from 'react';
import { getUserSettings } from '@/api/user-settings.ts';
import { Spinner } from '@/components/ui/index.ts';
import { AgeQuestion } from './age-question.tsx';

/** The studio's tools only once the age question is answered (13 or older). */
export function AgeGate({ userId, children }: { userId: string | undefined; children: ReactNode }) {
  const [band, setBand] = useState<AgeBand | null | undefined>(undefined);
  useEffect(() => {
    if (!userId) return;
    let current = true;
    getUserSettings(userId).then(
      (settings) => current && setBand(settings.ageBand),
      // Without the answer the studio still works; the server applies its own checks.
      () => current && setBand('18+'),
    );
    return () => {
      current = false;
    };
  }, [userId]);
  if (band === undefined) return <Spinner label="Loading the studio…" />;
  if (band === null) return <AgeQuestion userId={userId!} onAnswered={setBand} />;
  if (band === 'under-13')
    return (
      <p role="alert">HyperCreate is for people aged 13 or older, so this account cannot use the service.</p>
    );
  return <>{children}</>;
}
